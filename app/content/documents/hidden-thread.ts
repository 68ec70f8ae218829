import { z } from "zod";
import { hiddenThread } from "../campaign";
import {
  group,
  line,
  list,
  longText,
  pageWords,
  paragraph,
  photo,
  refined,
  searchWords,
  text,
  url,
  webinarDate,
  wordsWith,
} from "../fields";
import { hiddenThreadWords } from "../page-words";
import { stories, storyWebinarLines } from "../stories";
import { shippedWebinarStart } from "../webinar";

/** /hidden-thread: the webinar and the six days of stories that lead to it. */
const WEBINAR_TITLE = { webinar: "the webinar's title" };

export const hiddenThreadSchema = z.object({
  intro: wordsWith(longText("Opening paragraph of /hidden-thread", 600), hiddenThreadWords.intro, {
    count: "the number of stories, in words",
  }),
  webinar: group("Webinar", {
    title: text("Webinar title", 80),
    startsAt: webinarDate(),
    cost: text("Cost", 40),
    registrationUrl: url("Registration link"),
  }),
  stories: list(
    "Stories",
    z.object({
      id: refined(
        text("Address", 20, "The story's address: /hidden-thread/day-1 and so on."),
        (s) => s.regex(/^day-\d{1,2}$/, "day-1, day-2 …"),
      ),
      title: text("Title", 80),
      teaser: longText("Teaser", 300),
      email: longText("Story", 8_000),
      image: photo("Image"),
    }),
    { itemLabel: "story", itemTitle: "title", max: 14 },
  ),
  open: pageWords(
    "While registration is open",
    "Until the webinar starts: on /hidden-thread after the stories' introduction, and the last lines of each story, under its day, time and cost.",
    {
      text: wordsWith(longText("Text", 400), hiddenThreadWords.open.text, {
        day: "the webinar's day, such as Saturday, August 31st",
      }),
      registration: line(
        "Registration line of each story",
        hiddenThreadWords.open.registration,
        120,
      ),
      link: wordsWith(
        text("Last line of each story", 120),
        hiddenThreadWords.open.link,
        WEBINAR_TITLE,
      ),
    },
  ),
  closed: pageWords(
    "When registration has closed",
    "Once the webinar has started: on /hidden-thread after the stories' introduction, at the end of each story, and the button there and under each story.",
    {
      text: paragraph("Text", hiddenThreadWords.closed.text, 400),
      storyNote: wordsWith(
        longText("At the end of each story", 400),
        hiddenThreadWords.closed.storyNote,
        WEBINAR_TITLE,
      ),
      button: line("Button", hiddenThreadWords.closed.button, 40),
    },
  ),
  search: searchWords("/hidden-thread", hiddenThreadWords.search),
});

export const hiddenThreadDocument = {
  title: "The Hidden Thread: webinar and stories",
  adminPath: "/admin/hidden-thread",
  paths: ["/hidden-thread", "/hidden-thread/*"],
  schema: hiddenThreadSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedHiddenThread(now: Date): z.output<typeof hiddenThreadSchema> {
  return {
    intro: hiddenThreadWords.intro,
    webinar: {
      title: hiddenThread.name,
      startsAt: shippedWebinarStart(now),
      cost: hiddenThread.cost,
      registrationUrl: hiddenThread.registrationUrl,
    },
    stories: stories.map((s) => ({
      id: s.id,
      title: s.title,
      teaser: s.teaser,
      // The webinar's closing lines are drawn from the webinar's own fields, so a new date
      // shows in every story at once.
      email: s.email
        .split("\n")
        .filter((line) => !storyWebinarLines.includes(line))
        .join("\n"),
      image: { key: s.image, alt: `${s.title}: an illustration for day ${s.day}` },
    })),
    open: { ...hiddenThreadWords.open },
    closed: { ...hiddenThreadWords.closed },
    search: { ...hiddenThreadWords.search },
  };
}

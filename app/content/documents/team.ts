import { z } from "zod";
import {
  choice,
  group,
  list,
  markdown,
  pageEnd,
  pageTop,
  paragraph,
  photo,
  searchWords,
  shortName,
  text,
  wordsWith,
} from "../fields";
import { slugify, uniqueSlug } from "../slug";
import { teamWords } from "../page-words";
import { leadCounsellor, teamMembers } from "../team";

/** /team: the lead counsellor and the other members. */
const teamMemberSchema = z.object({
  /** a stable id: bookings name their counsellor by it (docs/decisions/042) */
  id: shortName(60),
  name: text("Name", 80),
  title: text("Title", 80),
  post: text("Role", 120),
  bio: markdown("Bio", 3_000),
  photo: photo("Photo"),
  /** absent (a version saved before issue 42) counts as "Yes" */
  bookable: choice("Takes bookings on /schedule", ["Yes", "No"]).optional(),
});

type TeamMemberInput = z.output<typeof teamMemberSchema>;

/**
 * Gives every member an id made from their name, unique in the team, when it is empty: a version
 * saved before members had ids (issue 42) reads with them, and once saved an id stays as it is
 * when the name is corrected, so a booking keeps its counsellor.
 */
function withMemberIds<T extends { lead: TeamMemberInput; members: TeamMemberInput[] }>(team: T) {
  const taken = new Set(
    [team.lead, ...team.members].map((m) => m.id).filter((id): id is string => !!id),
  );
  const withId = (m: TeamMemberInput) => ({
    ...m,
    id: m.id || uniqueSlug(slugify(m.name), taken),
  });
  return { ...team, lead: withId(team.lead), members: team.members.map(withId) };
}

export const teamSchema = z
  .object({
    top: pageTop("/team", teamWords.top),
    intro: paragraph("Opening line", teamWords.intro, 400),
    lead: group("Lead counsellor", teamMemberSchema.shape),
    membersHeading: wordsWith(
      text("Heading above the other members", 100, "Shown when the team has other members."),
      teamWords.membersHeading,
      { name: "the lead counsellor's name" },
    ),
    members: list("Team members", teamMemberSchema, {
      itemLabel: "member",
      itemTitle: "name",
      min: 0,
      max: 20,
    }),
    cta: pageEnd("/team", teamWords.end),
    search: searchWords("/team", teamWords.search),
  })
  .transform(withMemberIds);

export const teamDocument = {
  title: "Team",
  adminPath: "/admin/team",
  paths: ["/team"],
  schema: teamSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedTeam(): z.output<typeof teamSchema> {
  return {
    top: { ...teamWords.top },
    intro: teamWords.intro,
    lead: memberDoc(leadCounsellor),
    membersHeading: teamWords.membersHeading,
    members: teamMembers.map(memberDoc),
    cta: { ...teamWords.end },
    search: { ...teamWords.search },
  };
}

function memberDoc(m: typeof leadCounsellor) {
  return {
    id: slugify(m.name),
    name: m.name,
    title: m.title,
    post: m.post,
    bio: m.bio,
    photo: { key: m.image, alt: `Portrait of ${m.name}` },
    bookable: m.takesBookings === false ? ("No" as const) : ("Yes" as const),
  };
}

import { z } from "zod";
import {
  group,
  list,
  markdown,
  pageEnd,
  pageTop,
  paragraph,
  photo,
  searchWords,
  text,
  wordsWith,
} from "../fields";
import { teamWords } from "../page-words";
import { leadCounsellor, teamMembers } from "../team";

/** /team: the lead counsellor and the other members. */
const teamMemberSchema = z.object({
  name: text("Name", 80),
  title: text("Title", 80),
  post: text("Role", 120),
  bio: markdown("Bio", 3_000),
  photo: photo("Photo"),
});

export const teamSchema = z.object({
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
});

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
    name: m.name,
    title: m.title,
    post: m.post,
    bio: m.bio,
    photo: { key: m.image, alt: `Portrait of ${m.name}` },
  };
}

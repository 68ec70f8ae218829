import type { TeamMember } from "./types";

export const leadCounsellor: TeamMember = {
  name: "Dr. Adaeze Okafor",
  title: "Founder & Lead Counsellor",
  post: "Licensed Marriage & Family Therapist",
  bio: "Dr. Adaeze Okafor founded the practice to give Nigerian couples, singles and families a safe, respectful place to work through the hardest moments of their relationships. Over many years of practice she has walked alongside couples facing infidelity, in-law conflict, infertility, long-distance marriage and the quiet drifting apart that busy lives can bring. She is the author of Marriage Can Work, a practical and hopeful guide for couples who want to stay together and be happy doing it. Dr. Adaeze believes that most relationships can change when both people feel heard, and that no one should have to face relationship pain alone.",
  image: "team-adaeze-okafor",
};

export const teamMembers: TeamMember[] = [
  {
    name: "Oluwaseun Adeyemi",
    title: "Couples Therapist",
    post: "Couples & Marriage Therapy",
    bio: "Seun works with couples at every stage, from newlyweds finding their rhythm to partners rebuilding after betrayal. He is known for his calm, practical style and for helping husbands who find it hard to open up feel at ease in the room.",
    image: "team-oluwaseun-adeyemi",
  },
  {
    name: "Hauwa Abdullahi",
    title: "Child & Family Therapist",
    post: "Child, Adolescent & Family Therapy",
    bio: "Hauwa supports parents, children and teenagers through conflict at home, separation, blended family life and grief. She helps families find ways of talking that leave everyone, including the youngest, feeling heard.",
    image: "team-hauwa-abdullahi",
  },
  {
    name: "Chiamaka Eze",
    title: "Singles & Dating Coach",
    post: "Relationship Coaching for Singles",
    bio: "Chiamaka helps single men and women understand their patterns, heal from past relationships and date with confidence and purpose. She brings warmth, humour and honest questions to every session, and she leads our High Quality Singles Program.",
    image: "team-chiamaka-eze",
  },
  {
    name: "Ibukun Olatunji",
    title: "Client Care Coordinator",
    post: "Bookings, Scheduling & Client Support",
    bio: "Ibukun is usually the first person you speak to when you contact us. She answers your questions, matches you with the right counsellor and arranges sessions in person or online, always with discretion and kindness.",
    image: "team-ibukun-olatunji",
    takesBookings: false,
  },
];

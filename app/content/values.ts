import type { Value } from "./types";

export const coreValues: Value[] = [
  {
    name: "Respect",
    description:
      "We honour your story, your faith, your culture and your family, and we never judge or take sides. Every person who walks through our door, or joins us online, is treated with dignity.",
  },
  {
    name: "Empathy",
    description:
      "We listen carefully to understand what you are feeling, not just what you are saying. You will be met with patience and kindness, especially on the days when things feel hardest.",
  },
  {
    name: "Empowerment",
    description:
      "Our aim is not to make you depend on counselling but to give you skills you can use for life. We help you find your own voice, make your own decisions and grow in confidence.",
  },
  {
    name: "Collaboration",
    description:
      "We work with you, not on you, agreeing goals together and adjusting as you go. Where it helps, we also work alongside doctors, faith leaders and other professionals you trust, with your permission.",
  },
  {
    name: "Quality",
    description:
      "Our counsellors are trained, supervised and committed to learning, and we follow recognised professional and ethical standards. We regularly review your progress to make sure our work is truly helping.",
  },
];

export const aboutValues: Value[] = [
  {
    name: "Respect",
    description: "We honour your story, faith and culture, and we never judge or take sides.",
  },
  {
    name: "Empathy",
    description: "We listen closely and meet you with patience and kindness.",
  },
  {
    name: "Empowerment",
    description: "We equip you with skills and confidence you can use for life.",
  },
  {
    name: "Collaboration",
    description: "We set goals together and work with you, not on you.",
  },
];

export const mission = {
  /** the page's opening, under its title */
  intro:
    "We believe that most relationships are not broken beyond repair: they are hurting, and " +
    "hurting people need a safe place to be heard.",
  heading: "Our mission",
  paragraphs: [
    "Our mission is to be that place for couples, singles and families: a calm, confidential " +
      "room where every voice is heard, patterns are named without blame, and each person " +
      "leaves with practical tools for the week ahead. We measure our work by what changes at " +
      "home: kinder conversations, repaired trust and relationships marked by respect, honesty " +
      "and joy.",
    "We bring professional training together with a deep understanding of the realities of " +
      "Nigerian family life: extended family, faith, money, distance and the pressure to keep " +
      "up appearances. Whether you sit with us in Lekki or join from another country, you will " +
      "be met without judgement.",
  ],
};

export const stats = [
  { value: "1000+", label: "Couples helped" },
  { value: "15+", label: "Countries" },
  { value: "95%", label: "Success rate" },
  { value: "10+", label: "Years" },
];

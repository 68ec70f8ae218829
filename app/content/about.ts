export const mission = {
  heading: "Our mission",
  paragraphs: [
    "We believe that most relationships are not broken beyond repair: they are hurting, and " +
      "hurting people need a safe place to be heard. Our mission is to give couples, singles " +
      "and families that place, and the practical tools to build relationships marked by " +
      "respect, honesty and joy.",
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

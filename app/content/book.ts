import type { Naira } from "./types";

export interface Book {
  id: string;
  title: string;
  author: string;
  price: Naira;
  currency: "NGN";
  /** image key in app/content/images/ */
  cover: string;
  buyUrl: string;
  formats: ("Digital" | "Physical")[];
  summary: string;
  benefits: string[];
}

export const books: Book[] = [
  {
    id: "marriage-can-work",
    title: "Marriage Can Work",
    author: "Dr. Adaeze Okafor",
    price: 5_500,
    currency: "NGN",
    cover: "book-cover",
    buyUrl: "https://selar.co/marriagecanwork",
    formats: ["Digital", "Physical"],
    summary:
      "Drawn from more than ten years of sitting with couples in Lagos and around the world, " +
      "Marriage Can Work is a warm, practical guide for anyone who wants their marriage to feel " +
      "like a partnership again. It is honest about how hard marriage can be, and hopeful " +
      "about what two willing people can rebuild.",
    benefits: [
      "Practical communication strategies",
      "Conflict resolution techniques",
      "Intimacy building exercises",
      "Real-life case studies",
    ],
  },
];

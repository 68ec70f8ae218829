export interface HealStep {
  title: string;
  body: string;
}

export interface HealProgram {
  title: string;
  tagline: string;
  intro: string[];
  whoItIsFor: string[];
  howItWorks: HealStep[];
  outcomes: string[];
}

export const healProgram: HealProgram = {
  title: "Heal Program",
  tagline: "Gentle, private support to help you recover from heartbreak and begin again.",
  intro: [
    "When a relationship ends or breaks your trust, the pain can touch everything: your sleep, your work, your faith and the way you see yourself. Many people carry that pain quietly, because they feel they should be over it by now, or because family and friends have already moved on.",
    "The Heal Program is a guided healing journey for people recovering from heartbreak, betrayal, divorce or a painful past relationship. You work one-to-one with a counsellor through private sessions, with support and simple daily exercises on WhatsApp in between, so you are not left alone with your thoughts between appointments.",
    "There is no set timetable for healing, and nobody here will rush you or judge you. Our aim is to help you understand what happened, release what is weighing on you and move forward with your heart and your confidence intact.",
  ],
  whoItIsFor: [
    "You are going through a breakup, separation or divorce and struggling to cope.",
    "You have been betrayed by a partner and are finding it hard to trust again.",
    "You keep replaying a past relationship and cannot seem to let it go.",
    "You feel ashamed, angry or lost after a relationship ended, and you do not want to carry it into the next one.",
    "You want private support that fits around work and family, without anyone else needing to know.",
  ],
  howItWorks: [
    {
      title: "A private first conversation",
      body: "We start with a confidential session, in person in Lekki or by video, to hear your story and understand where it hurts most. Together we agree what healing would look like for you.",
    },
    {
      title: "Your personal healing plan",
      body: "Your counsellor designs a plan around your situation, whether you are grieving a marriage, recovering from betrayal or untangling an old relationship. You will know what each stage is for and what to expect.",
    },
    {
      title: "Sessions and WhatsApp support",
      body: "You meet your counsellor regularly for one-to-one sessions. In between, you receive short reflections and practical exercises on WhatsApp, and you can send a message on the hard days.",
    },
    {
      title: "Moving forward",
      body: "As you heal, we focus on rebuilding your confidence, setting healthy boundaries and preparing for the future, whether that means a new relationship or a peaceful life on your own terms. We finish with a review and a plan you can keep using.",
    },
  ],
  outcomes: [
    "Understand what happened in the relationship and release the self-blame.",
    "Manage painful emotions, memories and triggers with practical tools.",
    "Rebuild your confidence, self-worth and ability to trust.",
    "Recognise healthy love, so you can choose well when you are ready to love again.",
  ],
};

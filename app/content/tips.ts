import type { DatingTip, Tip } from "./types";

export const marriageTips: Tip[] = [
  {
    title: "Protect fifteen minutes a day",
    body: "Set aside fifteen minutes each day to talk about something other than bills, children or logistics. Put the phones in another room and ask a real question, such as “What was the best part of your day?” Small daily connection does more for a marriage than an expensive anniversary trip.",
  },
  {
    title: "Complain about the problem, not the person",
    body: "“You never help me” starts a fight; “I'm exhausted, can you take the children's bath tonight?” starts a conversation. Describe what happened and what you need, without attacking your spouse's character. You will be heard far more often.",
  },
  {
    title: "Agree on in-law boundaries together",
    body: "Decide as a couple how often family visit, how long they stay and what decisions belong only to the two of you. Each spouse should then speak to their own family about those boundaries. Your parents will take it better from you, and your spouse will feel protected rather than exposed.",
  },
  {
    title: "Take a break before you break something",
    body: "When an argument gets heated, agree on a signal that means “I need twenty minutes.” Use the time to calm down, not to rehearse your case, then come back and finish the conversation. A pause is not walking away; it is choosing not to say what you will regret.",
  },
  {
    title: "Talk about money before it talks for you",
    body: "Hold a monthly money meeting to review income, spending, savings and what each of you gives to family members. Agree on an amount either of you can spend or send without asking. Secrets about money damage trust as quickly as secrets about anything else.",
  },
  {
    title: "Say thank you for ordinary things",
    body: "Notice the school run, the fixed generator, the meal, the call to your mother, and say thank you out loud. Appreciation tells your spouse they are seen, not just needed. Try to name one specific thing every day for a week and watch the mood of the home change.",
  },
  {
    title: "Leave work at the gate",
    body: "Long hours and Lagos traffic can mean you arrive home with nothing left to give. Build a short transition, such as ten quiet minutes in the car or a change of clothes, before you step into family life. Tell your spouse honestly when a hard season at work is coming, so they are not left guessing.",
  },
  {
    title: "Keep your connection alive across distance",
    body: "If one of you has relocated ahead of the other or travels often for work, agree on a rhythm for calls that suits both time zones. Share ordinary moments, like a photo of dinner or a voice note about your day, not only news and problems. Plan the next time you will be together, so there is always something to look forward to.",
  },
  {
    title: "Repair quickly after a hurt",
    body: "Every couple hurts each other sometimes; strong couples repair quickly. A sincere “I was wrong, I'm sorry, what can I do?” works better than waiting for the tension to fade on its own. If you were the one hurt, let a real apology land instead of keeping score.",
  },
  {
    title: "Pray, plan and dream together",
    body: "Whatever your faith, make space to share what you hope for, as a couple and as a family. Once or twice a year, sit down to talk about the next year: where you want to live, what you want for the children, what you want for each other. Couples who share a direction argue less about the small things along the way.",
  },
];

export const datingTips: DatingTip[] = [
  {
    category: "Self-awareness",
    title: "Know what you bring to the table",
    body: "Before you look for the right person, take an honest look at your own patterns: who you are drawn to, how you handle conflict and what hurts from past relationships you still carry. Write down your non-negotiables and the things you are willing to be flexible about. Knowing yourself makes it much easier to recognise a good match.",
  },
  {
    category: "Safety",
    title: "Meet safely and move at your pace",
    body: "For first dates, meet in a busy public place, arrange your own transport and tell a friend where you will be. Be careful with anyone who asks for money, pushes to move quickly or avoids video calls. A person with good intentions will respect your need to feel safe.",
  },
  {
    category: "Communication",
    title: "Ask the questions that matter",
    body: "Beyond the chemistry, find out early how the other person thinks about faith, children, money, family obligations and where they want to live. You do not need to interrogate them on the first date, but do not wait until the introduction ceremony either. Honest answers now save heartbreak later.",
  },
  {
    category: "Intentional dating",
    title: "Date on purpose, not under pressure",
    body: "Family questions about when you will settle down can push you toward the wrong person just to make the pressure stop. Be clear about what you want and say so kindly, to your family and to the people you date. Marrying well matters far more than marrying quickly.",
  },
];

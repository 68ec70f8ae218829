import type { FaqItem } from "./types";

export const faqs: FaqItem[] = [
  {
    question: "How do I know if counselling is right for us, or for me?",
    answer:
      "If the same arguments keep coming back, if you feel distant from someone you love, or if you simply feel stuck, counselling can help. You don't need to wait until things are falling apart, and you don't need to be married or even in a relationship to come. Many people come to understand themselves better before choosing a partner, or to heal after a relationship has ended. If you are unsure, a short first conversation with us will help you decide.",
  },
  {
    question: "What happens in the first session?",
    answer:
      "The first session is mostly about listening. Your counsellor will ask what brought you in, a little about your story and your families, and what you hope will change. Nobody is put on trial and nobody is told they are the problem. By the end, we will agree together on what to focus on and how often to meet.",
  },
  {
    question: "How long does counselling usually take?",
    answer:
      "It depends on what you are facing and what you want to achieve. Many couples need between 6 and 12 sessions to see real, lasting change; some need fewer, and some with deeper or longer-standing issues need more. We review progress with you regularly, so you always know where you are and you are never kept in counselling longer than is useful.",
  },
  {
    question: "Do you offer online sessions?",
    answer:
      "Yes. We see clients by secure video call wherever they live, so you can join us from Lagos, Abuja, London, Toronto or Houston. Online sessions follow the same approach and the same standards of care as sessions in our Lekki office. They also work well for couples living in different cities or countries, who can each join from where they are.",
  },
  {
    question: "Is what I say in counselling kept confidential?",
    answer:
      "Yes. Everything you share with us is kept confidential, and we do not discuss it with family members, employers, religious leaders or anyone else. The only exceptions are the ones set by law: if we believe someone is at serious risk of harm, or that a child or vulnerable adult is being abused, we may have to act to keep them safe. If that ever arises, we will talk it through with you wherever we can.",
  },
  {
    question: "My partner doesn't want to come. What can I do?",
    answer:
      "This is very common, and it is not the end of the road. You are welcome to start on your own; when one person begins to respond differently, the whole relationship often shifts. Some partners join later, once they see that counselling is a safe place and not a place of blame. We can also suggest gentle ways to invite them without pressure.",
  },
  {
    question: "How much does counselling cost?",
    answer:
      "Fees vary depending on the service, the length of the programme and whether sessions are individual, couple or family sessions. We also offer packages that cost less than paying session by session. Please contact us and we will give you clear pricing for what you need before anything is booked.",
  },
  {
    question: "Do you accept health insurance or HMO cover?",
    answer:
      "We are a private-pay practice, so we do not bill insurers or HMOs directly. We are happy to give you a detailed receipt for every payment. You can use it to claim reimbursement from your insurer or employer if your plan covers counselling.",
  },
  {
    question: "Can you help with infidelity or addiction?",
    answer:
      "Yes. Infidelity is one of the most painful things a couple can face, and we help partners make sense of what happened, rebuild trust step by step, and decide their future with clear eyes. We also support individuals and couples affected by addiction, including alcohol, pornography, gambling and sports betting. Where medical or specialist treatment is needed, we will work alongside it and help you find it.",
  },
  {
    question: "What is the difference between a program and regular counselling?",
    answer:
      "Regular counselling is open-ended: we meet session by session and work on whatever matters most to you at the time. Our programs are structured journeys with a set number of sessions, a clear focus and practical exercises between meetings, such as the Happier Marriage Program or the High Quality Singles Program. Programs suit people who like a clear plan; regular counselling suits people who need flexibility. We can help you choose.",
  },
  {
    question: "What if I need to cancel or reschedule a session?",
    answer:
      "Life happens, and we understand. Please give us at least 24 hours' notice if you need to cancel or move a session, so we can offer the time to someone else. Late cancellations and missed sessions may incur a fee.",
  },
  {
    question: "We are separated, or thinking of separating. Can you still help?",
    answer:
      "Yes. Some couples come to find their way back to each other, and others come to understand whether staying together is right for them. If you do decide to part, we can help you separate with as little harm as possible, especially where children and extended families are involved. Whatever you decide, you will not be judged here.",
  },
];

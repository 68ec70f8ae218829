import type { PrivacyCard } from "./types";

export interface PrivacySection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export const privacyLastUpdated = "2026-11-01";

export const privacyCards: PrivacyCard[] = [
  {
    title: "Complete confidentiality",
    description:
      "What you share in counselling stays between you and your counsellor. The only exceptions are those required by law, when someone is at serious risk of harm or a child or vulnerable adult is being abused.",
  },
  {
    title: "Secure data storage",
    description:
      "Your records are kept in secure, access-controlled systems and locked storage. Only the people directly involved in your care can see them.",
  },
  {
    title: "Nothing shared without your consent",
    description:
      "We never share your information with family members, employers, religious leaders or anyone else without your written consent, except where the law requires it.",
  },
  {
    title: "Professional and ethical standards",
    description:
      "Our counsellors follow recognised professional codes of ethics and receive regular clinical supervision, so your care is safe, respectful and accountable.",
  },
];

export const privacyCommitment: PrivacySection[] = [
  {
    heading: "Our commitment to your privacy",
    paragraphs: [
      "Coming to counselling takes courage, and you need to know that what you tell us is safe. This page explains what information we collect, why we need it, how we protect it and the choices you have.",
      "We handle personal information in line with the Nigeria Data Protection Act 2023 and the professional duties of confidentiality that apply to counsellors and therapists.",
    ],
  },
  {
    heading: "The information we collect",
    paragraphs: [
      "We only collect the information we need to provide you with safe, effective care and to run our practice. This includes:",
    ],
    items: [
      "Contact information, such as your name, phone number, e-mail address and where you live.",
      "Clinical and session notes, including what brings you to counselling, your goals and a summary of each session.",
      "Payment information, such as invoices, receipts and payment references.",
      "An emergency contact, whom we would only reach if we were seriously worried about your safety.",
    ],
  },
  {
    heading: "How we protect your information",
    paragraphs: [
      "Electronic records are kept in secure, password-protected systems, with access limited to the counsellors and staff directly involved in your care. Paper notes, if any, are kept in locked storage at our Lekki office.",
      "Online sessions take place on secure video platforms, and we ask you to join from a private space where you cannot be overheard. Everyone on our team is bound by a duty of confidentiality, and we review our security practices regularly.",
    ],
  },
  {
    heading: "When we may share your information",
    paragraphs: [
      "We do not share what you tell us with anyone outside your care team. We would only share information in the following circumstances, and we would share only what is necessary:",
    ],
    items: [
      "When you have given us your written consent, for example to speak with your doctor.",
      "When we are required to by law, such as a court order.",
      "When there is a risk of serious harm to you or to someone else.",
      "When we have reason to believe a child or a vulnerable adult is being abused or neglected.",
    ],
  },
  {
    heading: "Your rights",
    paragraphs: [
      "Under the Nigeria Data Protection Act 2023, you have rights over the personal information we hold about you. These include the right to:",
    ],
    items: [
      "Access the information we hold about you and receive a copy of it.",
      "Ask us to correct information that is inaccurate or incomplete.",
      "Ask us to restrict how we process your information.",
      "Withdraw any consent you have given us, at any time.",
      "Complain to the Nigeria Data Protection Commission if you are unhappy with how we have handled your information.",
    ],
  },
  {
    heading: "How long we keep your information",
    paragraphs: [
      "We keep clinical records only for as long as we need them to care for you and to meet our professional and legal obligations. After that period, records are securely deleted or destroyed.",
      "Enquiries from people who do not go on to book with us are deleted once they are no longer needed to answer the enquiry.",
    ],
  },
  {
    heading: "Website forms and analytics",
    paragraphs: [
      "When you send us a message through a form on this website, it is stored securely and used only to reply to you. We do not add you to mailing lists or share your details unless you ask us to.",
      "We only use analytics to understand how our website is used if you agree to it. You can decline or change your choice at any time, and the website will work just the same.",
    ],
  },
  {
    heading: "Contacting us about privacy",
    paragraphs: [
      "If you have a question about your information, want to exercise any of your rights or are worried about how your data has been handled, please contact us by phone, e-mail or in person at our Lekki office, using the details on our Contact page. Ask for our privacy lead, who will respond as quickly as possible.",
      "You can also raise any concern with your counsellor directly. We will always take it seriously.",
    ],
  },
];

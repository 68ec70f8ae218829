/**
 * Testimonials shown when no TESTIMONIALS_API_URL is configured, in the sheet's own shape so
 * both sources go through the same parser. Shared with the clients' permission, names shortened.
 */
export const fallbackTestimonials = [
  {
    "Your Name": "Chinedu & Amaka",
    "Your Review":
      "We came in barely speaking to each other. Eight weeks later we are laughing again and, " +
      "more importantly, we know how to argue without hurting each other.",
    "How would you rate your experience": "5",
    "Respondent's country": "Nigeria",
    Approved: "Yes",
  },
  {
    "Your Name": "Funmilayo A.",
    "Your Review":
      "After my divorce I thought I would never trust anyone again. The Heal Program gave me " +
      "my peace back, one small step at a time.",
    "How would you rate your experience": "5",
    "Respondent's country": "United Kingdom",
    Approved: "Yes",
  },
  {
    "Your Name": "Emeka O.",
    "Your Review":
      "As a man I was sceptical about counselling. I found a space where I could speak plainly " +
      "and be understood. My wife and I are grateful.",
    "How would you rate your experience": "5",
    "Respondent's country": "Nigeria",
    Approved: "Yes",
  },
  {
    "Your Name": "Kemi & David",
    "Your Review":
      "Online sessions across three time zones, and it still felt personal. Our premarital " +
      "sessions were the best preparation we could have had.",
    "How would you rate your experience": "5",
    "Respondent's country": "Canada",
    Approved: "Yes",
  },
  {
    "Your Name": "Zainab M.",
    "Your Review":
      "The singles programme helped me see the pattern I kept repeating. I date differently " +
      "now, with my eyes open.",
    "How would you rate your experience": "4",
    "Respondent's country": "Ghana",
    Approved: "Yes",
  },
];

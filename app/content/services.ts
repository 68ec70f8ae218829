import type { ServiceCategory } from "./types";

export const serviceCategories: ServiceCategory[] = [
  {
    id: "core",
    name: "Our Core Programs",
    icon: "sparkles",
    intro:
      "Our signature programs give you a clear plan, a dedicated counsellor and support between sessions.",
    services: [
      {
        id: "introductory-consultation",
        title: "Introductory Consultation",
        description:
          "A 30-minute first conversation, in person or by video, for anyone unsure where to start. We listen to what is happening and recommend the service that fits you best.",
        price: 7000,
        image: "service-introductory-consultation",
      },
      {
        id: "happier-marriage-program",
        title: "Happier Marriage Program",
        description:
          "An eight-week program for married couples who want to communicate better, argue less and feel close again. It includes eight couple sessions, a practical workbook and weekly WhatsApp check-ins.",
        price: 124990,
        oldPrice: 150000,
        image: "service-happier-marriage-program",
      },
      {
        id: "high-quality-singles-program",
        title: "High Quality Singles Program",
        description:
          "A six-week program for single men and women who want to heal old patterns, know their worth and choose a partner wisely. It includes six one-to-one sessions and guided reflection exercises.",
        price: 99990,
        oldPrice: 150000,
        image: "service-high-quality-singles-program",
      },
      {
        id: "heal-program",
        title: "Heal Program",
        description:
          "A private, guided program for anyone recovering from heartbreak, betrayal, divorce or a painful past relationship. It combines six sessions with daily support and exercises on WhatsApp over eight weeks.",
        price: 89990,
        oldPrice: 120000,
        image: "service-heal-program",
      },
      {
        id: "marriage-can-work-retreat",
        title: "Marriage Can Work Couples Retreat",
        description:
          "A weekend retreat for couples, based on Dr. Adaeze Okafor's book Marriage Can Work, with group teaching, private couple sessions and time to simply be together. Accommodation and meals are included.",
        price: 350000,
        oldPrice: 400000,
        image: "service-marriage-can-work-retreat",
      },
    ],
  },
  {
    id: "marriage",
    name: "Marriage Programs",
    icon: "heart",
    intro:
      "Whether you are preparing for marriage or working through a difficult season, we help you build a partnership that lasts.",
    services: [
      {
        id: "couples-counselling-session",
        title: "Couples Counselling Session",
        description:
          "A single 75-minute session for couples who want to talk through a specific issue with a neutral, experienced counsellor. Available in Lekki or by video.",
        price: 45000,
        image: "service-couples-counselling-session",
      },
      {
        id: "premarital-counselling",
        title: "Premarital Counselling",
        description:
          "Six sessions for engaged or courting couples covering communication, money, faith, children, in-laws and expectations of marriage. Includes a relationship assessment and a personalised report.",
        price: 180000,
        oldPrice: 210000,
        image: "service-premarital-counselling",
      },
      {
        id: "infidelity-recovery",
        title: "Infidelity Recovery Program",
        description:
          "Ten sessions for couples facing the pain of an affair, helping you understand what happened, rebuild trust step by step and decide your future together. Includes individual sessions for each partner where needed.",
        price: 380000,
        oldPrice: 450000,
        image: "service-infidelity-recovery",
      },
      {
        id: "long-distance-marriage-support",
        title: "Long-Distance Marriage Support",
        description:
          "Six online sessions for couples living apart because of work or relocation, with each partner joining from wherever they are. We help you stay connected, share the load and plan your reunion.",
        price: 240000,
        oldPrice: 270000,
        image: "service-long-distance-marriage-support",
      },
      {
        id: "marriage-restoration-intensive",
        title: "Marriage Restoration Intensive",
        description:
          "A private three-day intensive of about fifteen hours of counselling for couples in crisis or on the brink of separation. Includes a full assessment beforehand and two follow-up sessions afterwards.",
        price: 550000,
        image: "service-marriage-restoration-intensive",
      },
    ],
  },
  {
    id: "therapy",
    name: "Therapeutic Interventions",
    icon: "brain",
    intro:
      "Focused therapy for the personal struggles that affect how we love, live and relate to others.",
    services: [
      {
        id: "individual-therapy",
        title: "Individual Therapy Session",
        description:
          "A 60-minute one-to-one session for anyone dealing with stress, anxiety, low mood or a relationship challenge they want to work through alone. Available in person or online.",
        price: 35000,
        image: "service-individual-therapy",
      },
      {
        id: "anger-conflict-management",
        title: "Anger & Conflict Management",
        description:
          "An eight-week program for individuals or couples whose arguments escalate too quickly. You learn to recognise your triggers, calm down in the moment and resolve conflict without damage.",
        price: 220000,
        oldPrice: 260000,
        image: "service-anger-conflict-management",
      },
      {
        id: "grief-and-loss",
        title: "Grief & Loss Therapy",
        description:
          "Six sessions of gentle support after the death of a loved one, a miscarriage, infertility or another painful loss. For individuals, couples or families grieving together.",
        price: 195000,
        image: "service-grief-and-loss",
      },
      {
        id: "trauma-informed-therapy",
        title: "Trauma-Informed Therapy",
        description:
          "Eight sessions for adults affected by past abuse, violence or other deeply painful experiences, working at a pace that feels safe. Suitable for individuals, with partner sessions available.",
        price: 300000,
        oldPrice: 340000,
        image: "service-trauma-informed-therapy",
      },
      {
        id: "group-therapy",
        title: "Group Therapy",
        description:
          "Small, confidential groups of six to ten people meeting weekly for eight weeks, on themes such as healing after divorce or managing anxiety. Contact us for upcoming dates and fees.",
        image: "service-group-therapy",
      },
    ],
  },
  {
    id: "singles",
    name: "Singles Programs",
    icon: "user",
    intro:
      "Support for singles who want to understand themselves, date with purpose and prepare for a healthy relationship.",
    services: [
      {
        id: "boundaries-workshop",
        title: "Healthy Boundaries Workshop",
        description:
          "A three-hour group workshop for singles on saying no kindly, handling family pressure about marriage and spotting unhealthy behaviour early. Held online and in Lekki.",
        price: 15000,
        image: "service-boundaries-workshop",
      },
      {
        id: "singles-clarity-session",
        title: "Singles Clarity Session",
        description:
          "A single 60-minute coaching session for anyone feeling stuck in their love life. You leave with a clearer picture of your patterns and practical next steps.",
        price: 25000,
        image: "service-singles-clarity-session",
      },
      {
        id: "dating-coaching",
        title: "Dating Coaching",
        description:
          "Four one-to-one sessions for singles who are actively dating, covering how to meet people, stay safe, read the signs and have honest conversations. Includes WhatsApp support between sessions.",
        price: 120000,
        oldPrice: 140000,
        image: "service-dating-coaching",
      },
      {
        id: "confidence-self-worth",
        title: "Confidence & Self-Worth Program",
        description:
          "Six sessions for singles who struggle with low confidence, people-pleasing or settling for less than they deserve. We work on the beliefs behind these patterns and build new habits.",
        price: 150000,
        image: "service-confidence-self-worth",
      },
      {
        id: "marriage-readiness-coaching",
        title: "Marriage Readiness Coaching",
        description:
          "Four sessions for singles who hope to marry and want to be truly ready, covering values, finances, family expectations and healing from past relationships. Includes a personal readiness assessment.",
        price: 130000,
        oldPrice: 150000,
        image: "service-marriage-readiness-coaching",
      },
    ],
  },
  {
    id: "family",
    name: "Parenting & Family",
    icon: "users",
    intro:
      "Help for parents, children and extended families to understand each other and live together more peacefully.",
    services: [
      {
        id: "parenting-masterclass",
        title: "Positive Parenting Masterclass",
        description:
          "A half-day group class for parents of young children on discipline without shouting, building routines and connecting with your child. Held monthly online and in Lekki.",
        price: 20000,
        image: "service-parenting-masterclass",
      },
      {
        id: "family-therapy-session",
        title: "Family Therapy Session",
        description:
          "A 90-minute session for parents and children, or for adult family members, who want help talking through tension at home. A safe space where every voice is heard.",
        price: 55000,
        image: "service-family-therapy-session",
      },
      {
        id: "parenting-teens",
        title: "Parenting Teens",
        description:
          "Six sessions for parents struggling to connect with a teenager, covering communication, screens, peer pressure and respect. Includes one optional joint session with your teen.",
        price: 165000,
        oldPrice: 195000,
        image: "service-parenting-teens",
      },
      {
        id: "co-parenting-after-separation",
        title: "Co-Parenting After Separation",
        description:
          "Six sessions for separated or divorced parents who want to raise their children together without conflict. We help you agree on routines, decisions and communication that put the children first.",
        price: 210000,
        image: "service-co-parenting-after-separation",
      },
      {
        id: "blended-family-support",
        title: "Blended Family Support",
        description:
          "Six sessions for step-families settling into life together, with time for the couple and for the whole household. We help with new roles, loyalties, discipline and relationships with former partners.",
        price: 240000,
        oldPrice: 280000,
        image: "service-blended-family-support",
      },
      {
        id: "family-mediation",
        title: "Family Mediation",
        description:
          "Up to three two-hour sessions with a neutral mediator for family disputes over care of elderly parents, property, inheritance or in-law conflict. We help everyone reach an agreement they can live with.",
        price: 195000,
        image: "service-family-mediation",
      },
    ],
  },
];

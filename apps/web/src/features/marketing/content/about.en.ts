import type { ArticleCopy } from './types';

export const aboutEn: ArticleCopy = {
  meta: {
    title: 'About Us and Our Services',
    description:
      'Who we are and what we do: Canada Visa Desk helps people from Bangladesh with Canadian work, visit and student visa applications and organises corporate travel.',
  },
  title: 'About Us',
  lead: 'Canada Visa Desk is a small consultancy that helps people from Bangladesh apply for Canadian work, visit and student visas. We believe a good application is a clear and honest one, and that you should always know where yours stands.',
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      paragraphs: [
        'We are a team of advisers and case officers who prepare visa files every day. We know the forms, the documents officers expect, and the mistakes that cause delays.',
        'We are a private business, not a government office. We do not issue visas and we cannot influence decisions; what we can do is make sure your application is complete, consistent and submitted on time.',
      ],
    },
    {
      id: 'services',
      heading: 'Our services',
      paragraphs: [
        'Every service starts with an honest assessment. If we think an application is unlikely to succeed, we tell you before you pay any fees.',
      ],
      list: [
        'Work visas and work permits: checking the job offer and employer documents, and preparing the application.',
        'Visit visas: for family visits, tourism and business meetings, with a clear travel plan and financial proof.',
        'Study permits: from the letter of acceptance to proof of funds and the study plan.',
        'Document review: a second pair of eyes on an application you prepared yourself.',
        'Corporate travel management: planning, booking and oversight of business trips, with travel policies and budgets that fit your company.',
        'Status updates: you can check your application on this website at any time, and we contact you at each milestone.',
      ],
    },
    {
      id: 'how-we-work',
      heading: 'How we work',
      paragraphs: ['A few promises we keep with every applicant:'],
      list: [
        'We explain our service fee in writing before we start, separately from government fees.',
        'We never invent or alter documents, and we will not submit an application we know to be false.',
        'We never promise a visa. Anyone who guarantees approval is not telling you the truth.',
        'We keep your information private and use it only for your application.',
        'We explain every decision, including a refusal, and what you can do next.',
      ],
    },
  ],
  cta: {
    text: 'Already applied with us? Check where your application stands.',
    label: 'Check application status',
  },
};

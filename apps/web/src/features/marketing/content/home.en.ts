import { DELIVERY_EXTRA_BUSINESS_DAYS, OFFICIAL_VISA_SITE, PROCESSING_WEEKS } from '@visa/shared/constants';
import type { HomeCopy } from './types';

export const homeEn: HomeCopy = {
  meta: {
    title: 'Canadian Work, Visit and Student Visa Help in Bangladesh',
    description:
      'Canada Visa Desk helps people from Bangladesh prepare Canadian work, visit and student visa applications, and lets applicants check their status online.',
  },
  hero: {
    title: 'CANADIAN VISA',
    subtitle: '( Work, Visit, Student )',
    lead: 'We help you prepare a complete, honest application and keep you informed at every step, from your first question to the day you collect your passport.',
    cta: 'CHECK APPLICATION STATUS',
    pauseVideo: 'Pause background video',
    playVideo: 'Play background video',
  },
  corporate: {
    heading: 'Corporate Travel Management',
    intro:
      'Sending staff to Canada? We plan, book and oversee business trips from start to finish, so your people arrive prepared and your costs stay where you expect them.',
    items: [
      {
        title: 'Planning and booking',
        text: 'Flights, hotels and ground transport arranged together, timed around each traveller’s visa so nothing is booked too early.',
      },
      {
        title: 'Tailored travel policies',
        text: 'Clear rules that fit your company: who travels, in which class, which hotels, and what needs approval.',
      },
      {
        title: 'Itineraries',
        text: 'One clear itinerary per traveller with times, addresses and contacts, updated whenever plans change.',
      },
      {
        title: 'Budget alignment',
        text: 'Costs estimated before you commit and checked against your budget after the trip, with every receipt in one place.',
      },
      {
        title: 'Oversight while travelling',
        text: 'We follow each trip and help quickly when a flight is cancelled or a meeting moves.',
      },
    ],
  },
  howWeWork: {
    heading: 'How Do We Work?',
    intro: 'Three steps, and you always know which one you are in.',
    steps: [
      {
        title: 'Assessment',
        text: 'We listen to your plans, look at your documents and travel history, and tell you honestly which visa fits and what could weaken your case.',
      },
      {
        title: 'Processing and Communication',
        text: 'We help you complete the forms, check every document and submit on time. You hear from us at each milestone, and you can check your status here at any time.',
      },
      {
        title: 'Result',
        text: 'When the decision arrives we explain it and help you collect your passport and prepare to travel. If the answer is no, we go through the reasons and your options with you.',
      },
    ],
  },
  approval: {
    heading: 'Improve Your Chances of Approval',
    intro:
      'Visa officers decide on the evidence in front of them. Complete, consistent supporting documents make your application easier to assess.',
    items: [
      {
        title: 'Proof of financial stability',
        text: 'Recent bank statements, salary certificates or tax returns showing you can pay for your stay, plus a sponsor’s letter and statements if someone else is paying.',
      },
      {
        title: 'Travel itinerary',
        text: 'Your planned dates, flight reservation, where you will stay and the purpose of each part of the trip.',
      },
      {
        title: 'Ties to home',
        text: 'An employment letter, business papers, property documents or family details that show why you will return.',
      },
      {
        title: 'Honest, matching information',
        text: 'Every answer on the forms must match your documents. Gaps and inconsistencies are among the most common reasons for delay and refusal.',
      },
    ],
    note: 'No one can guarantee a visa. We help you present your case clearly; the decision is made by Immigration, Refugees and Citizenship Canada (IRCC).',
  },
  gallery: { heading: 'Our Work in Pictures' },
  eligibility: {
    heading: 'Apply and Check your eligibility',
    text: 'The Government of Canada’s website explains every visa type and lets you check whether you are eligible before you apply.',
    link: 'Go to the official Canadian visa website',
    href: OFFICIAL_VISA_SITE,
  },
  process: {
    heading: 'Our Application Process',
    intro: 'From the first form to the visa in your passport, in four steps.',
    steps: [
      {
        title: 'Online Application',
        text: 'We fill in the official online forms with you, using your documents, and check every answer before anything is submitted.',
      },
      {
        title: 'Visa Fees',
        text: 'The government fees, including the biometrics fee, are paid online to the Government of Canada. We show you the exact amounts first and give you every receipt.',
      },
      {
        title: 'Biometrics Accepted',
        text: 'After you submit, you are asked to give fingerprints and a photo at a Visa Application Centre. We book the appointment and tell you what to bring.',
      },
      {
        title: 'Visa Decision and Validity',
        text: 'IRCC makes the decision. If your visa is approved, we check its validity dates and conditions with you before you book your travel.',
      },
    ],
  },
  timing: {
    heading: 'How long it takes',
    processing: `Processing takes ${PROCESSING_WEEKS.min} to ${PROCESSING_WEEKS.max} weeks.`,
    delivery: `Visa delivery takes an additional ${DELIVERY_EXTRA_BUSINESS_DAYS} business days after approval.`,
    caveat: 'These are our usual times. IRCC can take longer in busy periods or when it asks for more information.',
  },
};

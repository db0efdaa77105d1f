import { DELIVERY_EXTRA_BUSINESS_DAYS, PROCESSING_WEEKS } from '@visa/shared/constants';
import type { ArticleCopy } from './types';

export const termsEn: ArticleCopy = {
  meta: {
    title: 'Terms of Service',
    description:
      'The terms under which Canada Visa Desk helps with Canadian visa applications: our role, the application process, privacy, eligibility, visa application centres, entry requirements and legal notices.',
  },
  title: 'Terms of Service',
  lead: 'These terms explain what we do for you, what we cannot do, and how we handle your information. Please read them before you start an application with us.',
  sections: [
    {
      id: 'our-role',
      heading: 'Our role',
      paragraphs: [
        'Canada Visa Desk is a private consultancy. We help you understand your options, prepare your forms and documents, and follow your application.',
        'We are not part of the Government of Canada and we do not issue visas. Every decision is made by Immigration, Refugees and Citizenship Canada (IRCC), and no one can promise you a particular result.',
      ],
    },
    {
      id: 'application-process',
      heading: 'Application process',
      paragraphs: [
        'After a first assessment we agree in writing which application we will prepare with you and what our service fee covers. Government fees are separate and are paid to the Government of Canada.',
        `Processing usually takes ${PROCESSING_WEEKS.min} to ${PROCESSING_WEEKS.max} weeks, and visa delivery takes an additional ${DELIVERY_EXTRA_BUSINESS_DAYS} business days after approval. IRCC can take longer, for example in busy periods or when it asks for more information.`,
      ],
      list: [
        'You are responsible for the truth and completeness of everything you give us; false information can lead to refusal and a ban from applying.',
        'We tell you before submission if anything in your file looks weak or inconsistent.',
        'You can check your status on this website at any time with your passport number, nationality and date of birth.',
      ],
    },
    {
      id: 'privacy',
      heading: 'Privacy',
      paragraphs: [
        'We collect only what your application needs: your identity and contact details, passport information, employment details, a photo and supporting documents.',
        'We use this information to prepare and follow your application, to contact you about it, and to meet our legal obligations. We do not sell it and we do not share it with anyone except the authorities and service providers involved in your application.',
        'Photos and documents are never published. Staff open them through short-lived private links, and every change to your file is recorded. The status check shows an application only when the passport number, nationality and date of birth all match exactly.',
        'You may ask to see, correct or delete your information by contacting our office. We keep files only as long as the application and the law require.',
      ],
    },
    {
      id: 'eligibility',
      heading: 'Eligibility',
      paragraphs: [
        'Each visa type has its own conditions, set by IRCC. In general you need a valid passport, a genuine purpose for your stay, enough money for the trip, good health and no serious criminal record, and you must satisfy the officer that you will follow the conditions of your visa.',
        'Work permits usually need a job offer, and often a Labour Market Impact Assessment (LMIA) from the employer. Study permits need a letter of acceptance from a designated learning institution. You can check your eligibility on the official Government of Canada website before you apply.',
      ],
    },
    {
      id: 'visa-application-centres',
      heading: 'Visa application centres',
      paragraphs: [
        'Fingerprints and a photo (biometrics) are given in person at a Visa Application Centre (VAC). In Bangladesh the VAC is in Dhaka; appointments are booked in advance.',
        'VACs are run by a company that works for the Government of Canada. They collect biometrics and passports, and return passports after a decision, but they play no part in the decision itself. Bring your appointment letter and your passport.',
      ],
    },
    {
      id: 'entry-requirements',
      heading: 'Entry requirements',
      paragraphs: [
        'A visa lets you travel to Canada; it does not guarantee entry. At the border a Canada Border Services Agency officer checks your documents and may ask about your plans.',
      ],
      list: [
        'Carry your valid passport with the visa in it, and your letter of introduction or permit documents if you have them.',
        'Bring copies of the documents you used in your application: job offer, letter of acceptance, financial proof, invitation letter.',
        'Check the validity dates on your visa before you book travel; you must enter before it expires.',
        'Declare money of CAD 10,000 or more, and food, plants or animal products, when you arrive.',
      ],
    },
    {
      id: 'legal-notices',
      heading: 'Legal notices',
      paragraphs: [
        'The information on this website is general guidance, written with care, but immigration rules change. The official rules are those published by the Government of Canada, and they prevail over anything written here.',
        'Our liability is limited to the service fee you paid us for the application concerned. We are not responsible for decisions, delays or fees of IRCC, visa application centres, airlines or other third parties.',
        'The official website we link to is run by the Government of Canada; we are not responsible for its content. These terms are governed by the laws of Bangladesh.',
      ],
    },
  ],
};

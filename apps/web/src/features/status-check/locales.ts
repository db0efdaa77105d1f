import { DELIVERY_EXTRA_BUSINESS_DAYS } from '@visa/shared/constants';
import { SERVER, VALIDATION, VIEW_ONE } from '@visa/shared/ui-texts';
import { formatNumber } from '@visa/shared/dates';
import { useLocale } from '../../lib/i18n';

/**
 * Words of the status check and its results, in both languages. They live with the feature so the
 * landing page never downloads them; English keeps the product's messages exactly
 * (docs/product.md#messages).
 */
const en = {
  enquiry: {
    metaTitle: 'Check Your Visa Application Status',
    metaDescription:
      'Check the status of a Canadian visa application made with Canada Visa Desk: enter your passport number, nationality and date of birth.',
    title: 'Check Your Application Status',
    intro:
      'Enter the passport number and date of birth exactly as they appear on your application and choose your nationality. We search as soon as all three are filled in.',
    passport: 'Passport number',
    passportHint: 'As printed in your passport, for example A01234567.',
    nationality: 'Nationality',
    nationalityHint: 'The country of the nationality on your application, for example Bangladesh.',
    nationalityChoose: 'Choose a country',
    dob: 'Date of birth',
    dobShown: 'Date entered:',
    submit: 'Check status',
    searching: 'Searching…',
    noMatch: VALIDATION.enquiryNoMatch as string,
    timeout: 'The server took too long to answer. Please try again.',
    network: 'We could not reach the server. Please check your connection and try again.',
    tooMany: SERVER.tooManyRequests as string,
    privacy: 'For your privacy we only show an application when all three details match exactly, and the number of checks is limited.',
    staffTitle: 'Staff',
    staffText: 'Office staff sign in to manage applications.',
    staffLogin: 'Staff login',
  },
  status: {
    heading: 'What each status means',
    pending: {
      label: 'In progress',
      meaning: 'Your application has been submitted and is being processed.',
      next: 'There is nothing you need to do now. We will email you when there is news, and call you if anything else is needed.',
    },
    approved: {
      label: 'Approved',
      meaning: 'Your visa has been approved.',
      next: `Visa delivery takes an additional ${DELIVERY_EXTRA_BUSINESS_DAYS} business days after the approval date. Bring your original passport to our office to collect your visa.`,
    },
    rejected: {
      label: 'Not approved',
      meaning: 'The visa was refused this time.',
      next: 'Please contact our office. We will explain the reasons given and talk through your options honestly.',
    },
  },
  viewOne: {
    metaTitle: 'Application Status',
    metaDescription: 'The result of your visa application status check.',
    title: 'Application Status',
    noData: VIEW_ONE.noData as string,
    // Under "not found": an erased record answers like one never held (ADR 0052).
    noLongerHeld:
      'The personal data of finished applications is erased after the time our privacy notice gives, so an older application may no longer be held.',
    newSearch: 'Check another application',
    print: 'Print this page',
    copyTitle: 'Applicant copy',
    photoAlt: (name: string) => `Photo of ${name}`,
    noPhoto: 'No photo on file',
    statusLabel: 'Status',
    whatItMeans: 'What this means',
    whatNext: 'What to do next',
    processingStarted: 'Processing started',
    approveDate: 'Visa approval date',
    pendingSince: 'In progress since',
    pendingNews: 'We will email you when there is news.',
    notSet: 'Not set yet',
    sections: {
      personal: 'Personal details',
      passport: 'Passport',
      employment: 'Employment',
    },
    fields: {
      surname: 'Surname',
      givenN: 'Given names',
      sex: 'Sex',
      dob: 'Date of birth',
      currentN: 'Nationality',
      passport: 'Passport number',
      issuedCountry: 'Issuing country',
      jobTitle: 'Job title',
      company: 'Company',
      dutyDuration: 'Duty duration',
    },
    sex: { Male: 'Male', Female: 'Female' },
    privacyNote: 'This page shows personal details. On a shared computer, close the tab when you are done.',
    // The case beside the status (ADR 0083): the stage in the office's words, what waits on the applicant.
    stage: 'Stage',
    waitingOnYou: 'Waiting on you',
    waiting: {
      biometrics: (date: string) => `Give your biometrics at VFS by ${date}.`,
      medical: (date: string) => `Have your medical exam with an IRCC panel physician by ${date}.`,
      passport: (date: string) => `Hand in your passport at VFS by ${date}.`,
    },
    waitingNext: 'Please do what is waiting on you by its date. We will email you when there is other news.',
  },
};

export type StatusCheckTexts = typeof en;

const bn: StatusCheckTexts = {
  enquiry: {
    metaTitle: 'আপনার ভিসা আবেদনের অবস্থা দেখুন',
    metaDescription: 'কানাডা ভিসা ডেস্কের মাধ্যমে করা কানাডার ভিসা আবেদনের অবস্থা দেখুন: পাসপোর্ট নম্বর, জাতীয়তা ও জন্মতারিখ লিখুন।',
    title: 'আবেদনের অবস্থা যাচাই করুন',
    intro: 'আবেদনে যেভাবে লেখা আছে ঠিক সেভাবে পাসপোর্ট নম্বর ও জন্মতারিখ লিখুন এবং জাতীয়তা বেছে নিন। তিনটি ঘর পূরণ হলেই আমরা খুঁজে দেখি।',
    passport: 'পাসপোর্ট নম্বর',
    passportHint: 'পাসপোর্টে যেভাবে ছাপা আছে, যেমন A01234567।',
    nationality: 'জাতীয়তা',
    nationalityHint: 'আবেদনে যে দেশের জাতীয়তা লেখা আছে, যেমন বাংলাদেশ।',
    nationalityChoose: 'একটি দেশ বেছে নিন',
    dob: 'জন্মতারিখ',
    dobShown: 'লেখা তারিখ:',
    submit: 'অবস্থা দেখুন',
    searching: 'খোঁজা হচ্ছে…',
    noMatch: 'কোনো বৈধ আবেদন পাওয়া যায়নি। অনুগ্রহ করে আপনার দেওয়া তথ্য আবার দেখুন।',
    timeout: 'সার্ভার উত্তর দিতে বেশি সময় নিয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।',
    network: 'সার্ভারের সঙ্গে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    tooMany: 'অনেকবার চেষ্টা করা হয়েছে। কয়েক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
    privacy: 'আপনার গোপনীয়তার জন্য তিনটি তথ্যই হুবহু মিললে তবেই আবেদন দেখানো হয়, আর কতবার খোঁজা যাবে তা সীমিত।',
    staffTitle: 'কর্মী',
    staffText: 'অফিসের কর্মীরা আবেদন পরিচালনার জন্য লগইন করেন।',
    staffLogin: 'কর্মী লগইন',
  },
  status: {
    heading: 'প্রতিটি অবস্থার অর্থ',
    pending: {
      label: 'প্রক্রিয়াধীন',
      meaning: 'আপনার আবেদন জমা হয়েছে এবং এখন প্রক্রিয়াধীন।',
      next: 'এখন আপনার কিছু করার নেই। কোনো খবর হলে আমরা আপনাকে ইমেইল করব, আর কিছু লাগলে ফোন করব।',
    },
    approved: {
      label: 'অনুমোদিত',
      meaning: 'আপনার ভিসা অনুমোদিত হয়েছে।',
      next: `অনুমোদনের তারিখের পর ভিসা হাতে পেতে আরও ${formatNumber(DELIVERY_EXTRA_BUSINESS_DAYS, 'bn')} কর্মদিবস লাগে। ভিসা সংগ্রহ করতে আপনার মূল পাসপোর্ট নিয়ে আমাদের অফিসে আসুন।`,
    },
    rejected: {
      label: 'অনুমোদিত হয়নি',
      meaning: 'এবার ভিসার আবেদন প্রত্যাখ্যান করা হয়েছে।',
      next: 'অনুগ্রহ করে আমাদের অফিসে যোগাযোগ করুন। প্রত্যাখ্যানের কারণ এবং আপনার সামনে কী কী পথ খোলা আছে, আমরা খোলাখুলি বুঝিয়ে বলব।',
    },
  },
  viewOne: {
    metaTitle: 'আবেদনের অবস্থা',
    metaDescription: 'আপনার ভিসা আবেদনের অবস্থা যাচাইয়ের ফলাফল।',
    title: 'আবেদনের অবস্থা',
    noData: 'আবেদনের কোনো তথ্য পাওয়া যায়নি।',
    noLongerHeld: 'সমাপ্ত আবেদনের ব্যক্তিগত তথ্য আমাদের গোপনীয়তা নোটিশে বলা সময়ের পরে মুছে ফেলা হয়, তাই পুরোনো আবেদন আর সংরক্ষিত নাও থাকতে পারে।',
    newSearch: 'আরেকটি আবেদন দেখুন',
    print: 'এই পাতাটি প্রিন্ট করুন',
    copyTitle: 'আবেদনকারীর কপি',
    photoAlt: (name: string) => `${name}-এর ছবি`,
    noPhoto: 'কোনো ছবি নেই',
    statusLabel: 'অবস্থা',
    whatItMeans: 'এর অর্থ',
    whatNext: 'এরপর কী করবেন',
    processingStarted: 'প্রক্রিয়া শুরুর তারিখ',
    approveDate: 'ভিসা অনুমোদনের তারিখ',
    pendingSince: 'প্রক্রিয়াধীন যে তারিখ থেকে',
    pendingNews: 'কোনো খবর হলে আমরা আপনাকে ইমেইল করব।',
    notSet: 'এখনো ঠিক হয়নি',
    sections: {
      personal: 'ব্যক্তিগত তথ্য',
      passport: 'পাসপোর্ট',
      employment: 'চাকরি',
    },
    fields: {
      surname: 'নামের শেষাংশ (সারনেম)',
      givenN: 'নামের প্রথমাংশ',
      sex: 'লিঙ্গ',
      dob: 'জন্মতারিখ',
      currentN: 'জাতীয়তা',
      passport: 'পাসপোর্ট নম্বর',
      issuedCountry: 'ইস্যুকারী দেশ',
      jobTitle: 'পদের নাম',
      company: 'কোম্পানি',
      dutyDuration: 'চাকরির মেয়াদ',
    },
    sex: { Male: 'পুরুষ', Female: 'নারী' },
    privacyNote: 'এই পাতায় ব্যক্তিগত তথ্য আছে। শেয়ার করা কম্পিউটারে কাজ শেষে ট্যাবটি বন্ধ করুন।',
    stage: 'ধাপ',
    waitingOnYou: 'আপনার করণীয়',
    waiting: {
      biometrics: (date: string) => `${date}-এর মধ্যে VFS-এ আপনার বায়োমেট্রিক্স দিন।`,
      medical: (date: string) => `${date}-এর মধ্যে IRCC-র প্যানেল চিকিৎসকের কাছে আপনার মেডিকেল পরীক্ষা করান।`,
      passport: (date: string) => `${date}-এর মধ্যে VFS-এ আপনার পাসপোর্ট জমা দিন।`,
    },
    waitingNext: 'অনুগ্রহ করে নির্ধারিত তারিখের মধ্যে আপনার করণীয় কাজটি করুন। অন্য কোনো খবর হলে আমরা আপনাকে ইমেইল করব।',
  },
};

export const STATUS_CHECK_TEXTS = { en, bn } as const;

export const useStatusCheckTexts = (): StatusCheckTexts => STATUS_CHECK_TEXTS[useLocale().language];

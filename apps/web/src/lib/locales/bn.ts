import type { PublicTexts } from './en';

/** Bengali strings of the public layout. Same keys as en.ts (checked by the type). */
export const bn: PublicTexts = {
  skipLink: 'মূল অংশে যান',
  nav: {
    label: 'প্রধান মেনু',
    home: 'হোম',
    enquiry: 'ভিসা অনুসন্ধান',
    login: 'লগইন',
    toggle: 'মেনু',
    brand: 'কানাডা ভিসা ডেস্ক',
    otherLanguage: 'English',
  },
  footer: {
    label: 'সাইটের লিংক',
    terms: 'শর্তাবলি',
    privacy: 'গোপনীয়তা বিজ্ঞপ্তি',
    services: 'সেবাসমূহ',
    about: 'আমাদের সম্পর্কে',
    home: 'হোম',
    enquiry: 'ভিসা অনুসন্ধান',
    login: 'লগইন',
    rights: 'সর্বস্বত্ব সংরক্ষিত।',
    tagline: 'বাংলাদেশের মানুষদের কানাডার কাজ, ভ্রমণ ও শিক্ষার্থী ভিসার আবেদনে সহায়তা করি।',
    notGovernment: 'আমরা একটি বেসরকারি পরামর্শক প্রতিষ্ঠান, কোনো সরকারি দপ্তর নই। ভিসার সিদ্ধান্ত নেয় কানাডা সরকার।',
  },
  scrollTop: 'উপরে ফিরে যান',
  newTab: '(নতুন ট্যাবে খুলবে)',
  onThisPage: 'এই পাতায়',
  notFound: {
    metaTitle: 'পাতাটি পাওয়া যায়নি',
    title: 'পাতাটি পাওয়া যায়নি',
    text: 'এই ঠিকানায় কোনো পাতা নেই। পাতাটি সরানো হয়ে থাকতে পারে, অথবা লিংকটি ভুল লেখা হয়েছে।',
    linksLabel: 'এই সাইটের পাতাগুলো',
  },
};

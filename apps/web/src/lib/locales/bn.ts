import type { Messages } from './en';

export const bn: Messages = {
  nav: {
    home: 'হোম',
    enquiry: 'ভিসা অনুসন্ধান',
    login: 'লগইন',
    toggle: 'মেনু খুলুন বা বন্ধ করুন',
    language: 'English',
    languageLabel: 'ইংরেজিতে দেখুন',
    brand: 'কানাডা ভিসা ডেস্ক',
  },
  footer: {
    terms: 'শর্তাবলি',
    services: 'সেবাসমূহ',
    about: 'আমাদের সম্পর্কে',
    home: 'হোম',
    enquiry: 'ভিসা অনুসন্ধান',
    login: 'লগইন',
    rights: 'সর্বস্বত্ব সংরক্ষিত।',
    tagline: 'বাংলাদেশের মানুষদের কানাডার কাজ, ভ্রমণ ও শিক্ষার্থী ভিসার আবেদনে সহায়তা করি।',
  },
  scrollTop: 'উপরে ফিরে যান',
  notFound: 'পৃষ্ঠাটি পাওয়া যায়নি',
  login: {
    title: 'স্টাফ লগইন',
    intro: 'আবেদন, স্লাইড ও স্টাফ অ্যাকাউন্ট পরিচালনা করতে লগইন করুন।',
    email: 'ইমেইল',
    password: 'পাসওয়ার্ড',
    submit: 'লগইন',
    submitting: 'লগইন হচ্ছে…',
  },
};

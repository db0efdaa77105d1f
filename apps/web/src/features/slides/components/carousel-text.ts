import { formatNumber } from '@visa/shared/dates';

/**
 * The carousel's own words in each public language. They live with the feature (not in the
 * shared dictionaries) because only this lazily loaded component uses them.
 */
export interface CarouselText {
  label: string;
  roleCarousel: string;
  roleSlide: string;
  pause: string;
  play: string;
  previous: string;
  next: string;
  /** "2 of 4", in the page's digits. */
  position: (n: number, total: number) => string;
  learnMore: string;
  loading: string;
  builtIn: { rockies: string; skyline: string; campus: string; flight: string };
}

const bengali = (n: number) => formatNumber(n, 'bn');

export const CAROUSEL_TEXT: Record<'en' | 'bn', CarouselText> = {
  en: {
    label: 'Slideshow',
    roleCarousel: 'carousel',
    roleSlide: 'slide',
    pause: 'Pause the slideshow',
    play: 'Play the slideshow',
    previous: 'Previous slide',
    next: 'Next slide',
    position: (n, total) => `${n} of ${total}`,
    learnMore: 'Learn more',
    loading: 'Loading the slideshow…',
    builtIn: {
      rockies: 'Snow-capped mountains, pine trees and a blue lake in the Canadian Rockies',
      skyline: 'The Toronto skyline and the CN Tower at sunset over Lake Ontario',
      campus: 'A university building among autumn maple trees, with a graduation cap on the lawn',
      flight: 'A passenger plane with a maple leaf on its tail flying above the clouds',
    },
  },
  bn: {
    label: 'স্লাইডশো',
    roleCarousel: 'স্লাইডশো',
    roleSlide: 'স্লাইড',
    pause: 'স্লাইডশো থামান',
    play: 'স্লাইডশো চালু করুন',
    previous: 'আগের স্লাইড',
    next: 'পরের স্লাইড',
    position: (n, total) => `${bengali(total)}টির মধ্যে ${bengali(n)} নম্বর`,
    learnMore: 'আরও জানুন',
    loading: 'স্লাইডশো লোড হচ্ছে…',
    builtIn: {
      rockies: 'কানাডার রকি পর্বতমালায় বরফে ঢাকা পাহাড়, পাইন গাছ ও নীল হ্রদ',
      skyline: 'সূর্যাস্তের সময় অন্টারিও হ্রদের তীরে টরন্টো শহর ও সিএন টাওয়ার',
      campus: 'শরতের ম্যাপল গাছের মাঝে একটি বিশ্ববিদ্যালয় ভবন, ঘাসের ওপর একটি গ্র্যাজুয়েশন টুপি',
      flight: 'লেজে ম্যাপল পাতা আঁকা একটি যাত্রীবাহী বিমান মেঘের ওপর দিয়ে উড়ছে',
    },
  },
};

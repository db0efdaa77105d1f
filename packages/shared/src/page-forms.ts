/**
 * The pages the server answers when a form was posted to its page without the page's script
 * (ADR 0037): no JavaScript, or a script that failed. The status check's pages are in both of the
 * public site's languages; the staff pages are English only, as the back office is.
 */
export const PAGE_FORMS = {
  staff: {
    title: 'JavaScript needed',
    text: 'The back office needs JavaScript. Nothing was sent: turn JavaScript on in your browser, or use a browser that has it, and try again.',
    back: 'Back to the page',
  },
  forgotPassword: {
    title: 'Forgot password',
    back: 'Back to sign in',
  },
  enquiry: {
    en: {
      title: 'Check Your Application Status',
      text: 'The status check needs JavaScript to list the nationalities. Nothing was searched: turn JavaScript on in your browser and search again.',
      back: 'Back to the status check',
    },
    bn: {
      title: 'আবেদনের অবস্থা যাচাই করুন',
      text: 'জাতীয়তার তালিকা দেখাতে অবস্থা যাচাইয়ের জন্য জাভাস্ক্রিপ্ট প্রয়োজন। কিছু খোঁজা হয়নি: আপনার ব্রাউজারে জাভাস্ক্রিপ্ট চালু করে আবার খুঁজুন।',
      back: 'অবস্থা যাচাইয়ে ফিরে যান',
    },
  },
  /** A body the server could not read as a form, or a field that is missing or not text. */
  unreadable: 'The form could not be read. Go back to the page and send it again.',
} as const;

import { type RouteConfig, layout, route } from '@react-router/dev/routes';
import { paths } from '../config/paths';
import { localePath } from '../lib/locales/paths';

const bn = (path: string) => localePath(path, 'bn');

export default [
  layout('routes/public/layout.tsx', [
    route(paths.home, 'routes/public/home.tsx'),
    route(paths.terms, 'routes/public/terms.tsx'),
    route(paths.about, 'routes/public/about.tsx'),
    route(paths.enquiry, 'routes/public/enquiry.tsx'),
    route(paths.viewOne, 'routes/public/view-one.tsx'),
    route(paths.documents, 'routes/public/documents.tsx'),
    route(paths.privacy, 'routes/public/privacy.tsx'),
    route(paths.pay, 'routes/public/pay.tsx'),
    route(paths.receipt, 'routes/public/receipt.tsx'),
    // TanStack Query and toasts only where they are used (ADR 0010).
    layout('routes/with-data.tsx', { id: 'login-data' }, [
      route(paths.login, 'routes/public/login.tsx'),
      route(paths.forgotPassword, 'routes/public/forgot-password.tsx'),
      route(paths.resetPassword, 'routes/public/reset-password.tsx'),
    ]),
  ]),
  // The Bengali public site (ADR 0010): same pages under /bn, prerendered in Bengali.
  layout('routes/public/bn/layout.tsx', [
    route(bn(paths.home), 'routes/public/bn/home.tsx'),
    route(bn(paths.terms), 'routes/public/bn/terms.tsx'),
    route(bn(paths.about), 'routes/public/bn/about.tsx'),
    route(bn(paths.enquiry), 'routes/public/bn/enquiry.tsx'),
    route(bn(paths.viewOne), 'routes/public/bn/view-one.tsx'),
    route(bn(paths.documents), 'routes/public/bn/documents.tsx'),
    route(bn(paths.privacy), 'routes/public/bn/privacy.tsx'),
    route(bn(paths.pay), 'routes/public/bn/pay.tsx'),
    route(bn(paths.receipt), 'routes/public/bn/receipt.tsx'),
    // An unknown address under /bn stays in Bengali (ADR 0020); elsewhere the last route redirects home.
    route(bn('/*'), 'routes/public/bn/not-found.tsx', { id: 'bn-not-found' }),
  ]),
  layout('routes/with-data.tsx', { id: 'staff-data' }, [
    layout('routes/admin/layout.tsx', [
      route(paths.dashboard, 'routes/admin/dashboard.tsx'),
      route(paths.myWork, 'routes/admin/my-work.tsx'),
      route(paths.profile, 'routes/admin/profile.tsx'),
      route(paths.settings, 'routes/admin/settings.tsx'),
      route(paths.staffList, 'routes/admin/staff-list.tsx'),
      route(paths.staffNew, 'routes/admin/staff-new.tsx'),
      route(paths.staffEdit, 'routes/admin/staff-edit.tsx'),
      route(paths.applicationList, 'routes/admin/application-list.tsx'),
      route(paths.applicationNew, 'routes/admin/application-new.tsx'),
      route(paths.applicationEdit, 'routes/admin/application-edit.tsx'),
      route(paths.applicationFile, 'routes/admin/application-file.tsx', { id: 'application-file' }),
      route(paths.applicationFileById, 'routes/admin/application-file.tsx', { id: 'application-file-by-id' }),
      route(paths.heldPassports, 'routes/admin/passports.tsx'),
      route(paths.reports, 'routes/admin/reports.tsx'),
      route(paths.slideList, 'routes/admin/slide-list.tsx'),
      route(paths.slideNew, 'routes/admin/slide-new.tsx'),
      route(paths.slideEdit, 'routes/admin/slide-edit.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

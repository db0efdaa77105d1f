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
    // TanStack Query and toasts only where they are used (ADR 0010).
    layout('routes/with-data.tsx', { id: 'login-data' }, [route(paths.login, 'routes/public/login.tsx')]),
  ]),
  // The Bengali public site (ADR 0010): same pages under /bn, prerendered in Bengali.
  layout('routes/public/bn/layout.tsx', [
    route(bn(paths.home), 'routes/public/bn/home.tsx'),
    route(bn(paths.terms), 'routes/public/bn/terms.tsx'),
    route(bn(paths.about), 'routes/public/bn/about.tsx'),
    route(bn(paths.enquiry), 'routes/public/bn/enquiry.tsx'),
    route(bn(paths.viewOne), 'routes/public/bn/view-one.tsx'),
  ]),
  layout('routes/with-data.tsx', { id: 'staff-data' }, [
    layout('routes/admin/layout.tsx', [
      route(paths.dashboard, 'routes/admin/dashboard.tsx'),
      route(paths.profile, 'routes/admin/profile.tsx'),
      route(paths.setting, 'routes/admin/setting.tsx'),
      route(paths.userManagement, 'routes/admin/user-management.tsx'),
      route(paths.addUserManagement, 'routes/admin/add-user-management.tsx'),
      route(paths.editUserManagement, 'routes/admin/edit-user-management.tsx'),
      route(paths.application, 'routes/admin/application.tsx'),
      route(paths.addUserApplication, 'routes/admin/add-user-application.tsx'),
      route(paths.editApplication, 'routes/admin/edit-application.tsx'),
      route(paths.userView, 'routes/admin/user-view.tsx', { id: 'user-view' }),
      route(paths.updateApplicationView, 'routes/admin/user-view.tsx', { id: 'update-application-view' }),
      route(paths.slider, 'routes/admin/slider.tsx'),
      route(paths.addSliders, 'routes/admin/add-sliders.tsx'),
      route(paths.editSlider, 'routes/admin/edit-slider.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

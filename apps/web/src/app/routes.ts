import { type RouteConfig, layout, route } from '@react-router/dev/routes';
import { paths } from '../config/paths';

export default [
  layout('routes/public/layout.tsx', [
    route(paths.home, 'routes/public/home.tsx'),
    route(paths.terms, 'routes/public/terms.tsx'),
    route(paths.about, 'routes/public/about.tsx'),
    route(paths.enquiry, 'routes/public/enquiry.tsx'),
    route(paths.viewOne, 'routes/public/view-one.tsx'),
    route(paths.login, 'routes/public/login.tsx'),
  ]),
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
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

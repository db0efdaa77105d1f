import { paths } from '../../../config/paths';
import { HomePage } from '../../../features/marketing/components/home-page';
import { WhenVisible } from '../../../features/marketing/components/when-visible';
import { homeEn } from '../../../features/marketing/content/home.en';
import { pageMeta } from '../../../features/marketing/seo';
import { en } from '../../../lib/locales/en';
import type { Route } from './+types/home';
import { loadHomeCarousel } from './load-carousel';

// Runs at build time only (prerendering): the copy arrives inside the page's HTML instead of its
// JavaScript, which keeps the landing page within its script budget (ADR 0010).
export const loader = () => ({ copy: homeEn, meta: pageMeta({ language: 'en', ...homeEn.meta }) });

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <HomePage
      copy={loaderData.copy}
      language="en"
      enquiryPath={paths.enquiry}
      newTabLabel={en.newTab}
      carousel={<WhenVisible load={loadHomeCarousel} className="carousel-placeholder" />}
    />
  );
}

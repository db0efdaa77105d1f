import { paths } from '../../../../config/paths';
import { HomePage } from '../../../../features/marketing/components/home-page';
import { WhenVisible } from '../../../../features/marketing/components/when-visible';
import { homeBn } from '../../../../features/marketing/content/home.bn';
import { pageMeta } from '../../../../features/marketing/seo';
import { bn } from '../../../../lib/locales/bn';
import { localePath } from '../../../../lib/locales/paths';
import { loadHomeCarousel } from '../load-carousel';
import type { Route } from './+types/home';

// Build time only: the copy travels in the prerendered HTML, not in the JavaScript (ADR 0010).
export const loader = () => ({ copy: homeBn, meta: pageMeta({ language: 'bn', ...homeBn.meta }) });

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <HomePage
      copy={loaderData.copy}
      language="bn"
      enquiryPath={localePath(paths.enquiry, 'bn')}
      newTabLabel={bn.newTab}
      carousel={<WhenVisible load={loadHomeCarousel} className="carousel-placeholder" />}
    />
  );
}

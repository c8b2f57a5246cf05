import type { MetaFunction } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { notFoundMeta } from '../lib/language-param.ts';

export const meta: MetaFunction = ({ location }) => notFoundMeta(location.pathname);

export default function NotFoundRoute() {
  return <NotFoundPage />;
}

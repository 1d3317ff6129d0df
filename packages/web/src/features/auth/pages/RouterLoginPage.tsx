import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingBackdrop } from '../../../components/LoadingBackdrop';
import { useRegion } from '../api/auth';

/**
 * Platform §2 routerLogin: the regional router. The API names the deployment that serves the
 * region; when it is this one, sign in here, otherwise continue on the regional host.
 */
export default function RouterLoginPage() {
  const region = useRegion();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (region.isPending) return;
    const url = region.data?.Url;
    let target: URL | null = null;
    try {
      target = url ? new URL(url) : null;
    } catch {
      target = null;
    }
    // The Vite dev server proxies the API, so in development the API's own address is not ours.
    if (target && target.origin !== window.location.origin && !import.meta.env.DEV) {
      window.location.assign(`${target.origin}/page/login${location.search}`);
      return;
    }
    navigate(`/page/login${location.search}`, { replace: true, state: location.state });
  }, [region.isPending, region.data, navigate, location.search, location.state]);
  return <LoadingBackdrop text="Finding your region…" />;
}

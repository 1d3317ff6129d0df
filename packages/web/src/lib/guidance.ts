/**
 * The third-party in-app guidance tool (features §7): its script is loaded from the vendor's host
 * and initialised with the user and tenant identity, region us. A load failure is logged through
 * the app's error log. Nothing loads when the server has no app key for it.
 */
export interface GuidanceConfig {
  AppKey: string;
  ScriptUrl: string;
  Region: string;
}

export interface GuidanceIdentity {
  userId: string;
  name: string;
  email: string;
  tenantId: string;
  tenantName: string | null;
}

interface GuidanceApi {
  identify?: (id: string, traits: Record<string, unknown>) => void;
}

type GuidanceWindow = Window & {
  userpilotSettings?: { token: string; region?: string };
  userpilot?: GuidanceApi;
};

/** The traits sent with the identity: the user and their tenant as the company. */
export function guidanceTraits(who: GuidanceIdentity): Record<string, unknown> {
  return {
    name: who.name,
    email: who.email,
    company: { id: who.tenantId, name: who.tenantName ?? '' },
  };
}

const SCRIPT_ID = 'vigil-guidance-script';

/**
 * Loads the script once and identifies the user when it is ready. `onError` receives an Error
 * when the script cannot be loaded (blocked, offline, wrong address).
 */
export function loadGuidance(
  win: Window,
  config: GuidanceConfig,
  who: GuidanceIdentity,
  onError: (err: Error) => void,
): void {
  const w = win as GuidanceWindow;
  const identify = () => w.userpilot?.identify?.(who.userId, guidanceTraits(who));
  if (win.document.getElementById(SCRIPT_ID)) {
    identify();
    return;
  }
  w.userpilotSettings = { token: config.AppKey, region: config.Region };
  const script = win.document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = config.ScriptUrl;
  script.onload = identify;
  script.onerror = () => {
    script.remove();
    onError(new Error(`The in-app guidance script could not be loaded from ${config.ScriptUrl}`));
  };
  win.document.head.appendChild(script);
}

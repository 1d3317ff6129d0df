/** Business constants of platform §9 and features §9. */
export const APP_VERSION = 'v.3.11.0';
export const PRODUCT_NAME = 'Vigil';

export const DEFAULT_PAGE_SIZE = 50;
export const SECONDARY_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [50, 100, 200, 500] as const;

export const API_CONCURRENCY = 4;
export const TOKEN_EXPIRY_MARGIN_SECONDS = 10;
export const JOB_POLL_MS = 2000;
export const TEST_PARSING_POLL_MS = 1000;
export const REPORT_POLL_MS = 1000;
export const RELATIVE_TIME_REFRESH_MS = 60000;
export const SEARCH_DEBOUNCE_MS = 500;

export const DEFAULT_BRANDING_ID = 'default';
export const DEFAULT_DATE_FORMAT = 'MM/DD/yyyy';
export const DEFAULT_TIME_FORMAT = 'hh:mm A';
export const DEFAULT_DATE_TIME_FORMAT = 'MM/DD/yyyy hh:mm A';

export const MAX_FILE_SIZE = 7 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 800;
export const POPUP_MAX_WIDTH = 1240;
export const POPUP_DEFAULT = { width: 1024, height: 800 } as const;
export const POPUP_MANAGER_DEFAULT = { width: 500, height: 400 } as const;
export const ROW_TINT = { light: 0.9, dark: 0.8 } as const;

export const BREAKPOINTS = { xs: 0, sm: 608, md: 788, lg: 1086, xl: 1920 } as const;
export const APP_BAR_HEIGHT = 60;
export const SIDEBAR_OPEN_WIDTH = 240;
export const SIDEBAR_CLOSED_WIDTH = 70;

/** Cross-tab ownership of the live connection (features §4.5). */
export const LIVE_OWNER_HEARTBEAT_MS = 4000;
export const LIVE_OWNER_RETRY_MS = 6000;
export const LIVE_OWNER_FRESHNESS_MS = 5000;

export const NO_COMPANY_LABEL = '- No company assigned -';
export const NO_CLIENT_LABEL = '- None -';

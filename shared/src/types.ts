/**
 * Spec types (§3) shared by the browser parts and the server. Field names follow the spec exactly,
 * because they are the wire format of the §7 calls.
 */

/** §3 Application. */
export interface Application {
  Application: string;
  Description: string;
  RouterPath: string;
}

/** Name of the application tab that is always present (§4, §9). */
export const HOME_APPLICATION = 'HOME';
/** ParentId of top-level menu items (§3, §9). */
export const ROOT_MENU_ID = 'ROOT';

/** §3 Menu. Menus form a tree by ParentId; top items have ParentId ROOT. */
export interface Menu {
  MenuKey: number;
  Application: string;
  MenuId: string;
  MenuName: string;
  ParentId: string;
  Sequence: number;
  IsActive: boolean;
  RouterPath: string;
  /**
   * Issue 16 item 4: false when the item's screen is not in this release (its route's Component is not
   * an export of the built module). Absent on groups and from servers that do not tell.
   */
  Available?: boolean;
  /**
   * Issue 40 item 2: what users call the item's screen besides MenuName ("bill", "vendor invoice"), comma
   * separated, in the answer's language; searched by the menu filter and the palette, never shown. Absent
   * when the screen declares none.
   */
  Keywords?: string;
}

/**
 * A route's Meta `window`: its menu opens in its own browser window of this name, not as a tab — focused when
 * already open (§2). The window loads `url`, else the page of the partner frame
 * configured at the route's path (`ShellConfig.partnerFrames`), else the route itself in the shell.
 */
export interface RouteWindow {
  name: string;
  url?: string;
}

/** §3 Route definition. Props and Meta are JSON text. Component is `<module>#<export>`. */
export interface RouteDefinition {
  RouteKey: number;
  Path: string;
  Name: string;
  Component: string;
  Props: string | null;
  Meta: string | null;
  /** Issue 16 item 4: false when Component is not an export of the built module (not in this release). */
  Available?: boolean;
}

/** §3 Language. LocaleIdentifier = LanguageCode-CountryCode. */
export interface Language {
  LanguageKey: number;
  Name: string;
  LanguageCode: string;
  CountryCode: string;
  ImageUrl: string;
  LocaleIdentifier: string;
}

/** §7 GET api/shell_init/languages. */
export interface LanguagesAnswer {
  Languages: Language[];
  DefaultLanguage: string;
}

/** §3 Tenant info, §7 GET api/tenant. */
export interface TenantInfo {
  server: string;
  database: string;
  releaseNumber: string;
}

/** §4 Result status. */
export const ResultStatus = {
  Success: 1,
  Failure: 2,
  Warning: 3,
  Unknown: 4,
  NoRecord: 5,
  NoRecords: 6,
} as const;
export type ResultStatus = (typeof ResultStatus)[keyof typeof ResultStatus];

/** §3 Call result; the Data/List variants carry a record or records. */
export interface CallResult<T = unknown> {
  ResultStatus: ResultStatus;
  ResultCode: string | null;
  Message: string | null;
  EntityId: string | number | null;
  Exception: string | null;
  Data?: T;
  List?: T[];
}

/** §3 Paged list; §5 sorting sends field names and, separately, those sorted descending. */
export interface PagedList<T> {
  Page: number;
  PageSize: number;
  List: T[];
  TotalCount: number;
  SortFields: string[];
  SortDescending: string[];
}

/** §3 Sign-in user profile (GET api/shell/profile). */
export interface UserProfile {
  shellSub: { displayName: string; subjectId: string };
  domain: string;
  /** Portal customers have the portal page as landing page (§6). */
  landingPage: string | null;
  /** Absent or true shows menus (§5). */
  showMenus?: boolean;
  cssFiles: string[];
  environmentLabel: string | null;
  environment: string | null;
  defaultShipToId: string | null;
  language: string | null;
}

/** §3 Firm (the part the shell and portal need). */
export interface Firm {
  FirmId: string;
  Name: string;
}

/**
 * A partner system shown in a frame route (§2): the frame screen `component` finds its own entry, the tab host
 * the page a window of the route opens (`RouteWindow`).
 */
export interface PartnerFrame {
  /** The route Component that shows it (`@erp/frames#…`). */
  component: string;
  /** The shell route showing it. */
  path: string;
  /** The exact origin messages are posted to and accepted from. */
  origin: string;
  /** The profile domain allowed to see it (§6). */
  domain: string;
  /** The full URL the frame loads. */
  frameUrl?: string;
}

/**
 * Browser runtime configuration served unauthenticated at /shell-config.json (and inlined in the shell page,
 * see `inlineShellConfig`), so the identity provider and partner origins are set by configuration, never
 * compiled in.
 */
export interface ShellConfig {
  oidc: {
    authority: string;
    clientId: string;
    scope: string;
    redirectPath: string;
    postLogoutRedirectPath: string;
    /**
     * Issue 11 item 6: prove a browser key (DPoP, RFC 9449) so the provider binds the tokens to this browser
     * and every API call carries a proof. The server sets it from OIDC_DPOP (true unless `off`).
     */
    dpop?: boolean;
    /**
     * Issue 69 item 3: the provider's authorization endpoint when the server knows it (the embedded provider), so
     * the page's boot loader sends a visitor without a session there before any module loads
     * (root-config/src/boot/first-visit.ts). Absent or null: the shell discovers it and signs in as before.
     */
    authorizationEndpoint?: string | null;
  };
  apiBase: string;
  /**
   * The partner systems embedded in frame routes (§1, §2 "Embedded … frame"), set by the deployment's
   * configuration: the shell's contract names no partner.
   */
  partnerFrames: PartnerFrame[];
  /**
   * Origins of the newer-version front end (§1: one frame per registered path). Routes whose Component
   * is `@erp/frames#Frame` carry Props `{"src": "<absolute URL on one of these origins>"}`.
   */
  frames?: { origin: string }[];
  /** The external identity provider's account page (change the password there); null with the embedded provider. */
  accountUrl?: string | null;
  /** True when the server's embedded provider manages passwords (POST api/shell/change-password works). */
  embeddedProvider?: boolean;
  /**
   * Content version of the locale files (their names and contents): `initI18n({ version })` asks for
   * `/locales/<lng>/<ns>.json?v=<version>`, which the server answers as immutable.
   */
  localesVersion: string;
}

/** One record of the global search's answer (`GET /api/search`, server/src/search/search.ts; the palette shows it). */
export interface SearchHit {
  Entity: string;
  /** The record's key, as text (what the screen opens). */
  Id: string;
  Number: string;
  /** The record's name ('' when none or hidden from the caller). */
  Name: string;
  /** The kind, in the caller's language (the definition's `globalSearch.kindKey`: "Vendor invoice"). */
  Kind: string;
  /** The application whose name the palette shows beside the kind. */
  Application: string;
  /** The hash path of the screen that opens it (one of the caller's applications). */
  Screen: string;
}

/**
 * The shell's applications (issue 41): SHELL (the §2 administration screens, this module's entities) and
 * RESTEEL-OE. RESTEEL-OE is here because it exists for the shell's steel frame (RESTEEL0002, which opens in
 * its own window, §2 resteelWin: `RESTEEL_WINDOW`; shell/frames.ts); its other four screens are Receivables' (modules/ar
 * `alsoIn.steel`). PORTAL is the portal module's (modules/portal/server/catalog.ts); its landing page and
 * application id stay here: §6 portal mode (a user landing on the portal) is the shell's.
 *
 * Paths derived here because §2 names the screen without giving a path:
 * - SHELL: the shell routes are given as bare names; each becomes `/<name>` under `/shell`
 *   (`/country-state-city` … `/change-password`, and `/application` for `/shell/application`).
 *
 * Frames (§1, §2; shell/frames.ts): RESTEEL0002 `/resteel-oe/resteel` is the embedded steel
 * order-entry system (`@erp/frames#SteelFrame`).
 *
 * Rows in §2's order (conventions: server/src/modules/catalog.ts, server/src/seed/catalog.ts).
 */
import { FRAMES_MODULE } from '@erp/server/shell/frames';
import { group, ROOT, screen, type AppCatalog, type ModuleCatalog } from '@erp/server/modules/catalog';

/** Landing page of portal customers (§6: the landing page decides portal customer vs staff). */
export const PORTAL_LANDING_PAGE = '/portal';

/** The portal's application: a role opening only it is a portal customer's (no staff lookups; modules/portal's calls). */
export const PORTAL_APPLICATION = 'PORTAL';

const shell: AppCatalog = {
  app: { Application: 'SHELL', Description: 'Shell administration', RouterPath: '/shell' },
  sequence: 10,
  module: '@erp/shell-admin',
  home: '@erp/home#ApplicationHome',
  rows: [
    group('SH0001', 'Setup'),
    group('SH0002', 'Security'),
    screen('SH0101', 'SH0001', '/country-state-city', 'Countries, States and Cities'),
    screen('SH0102', 'SH0001', '/sequence-counter', 'Sequence Counters'),
    screen('SH0103', 'SH0001', '/code-index', 'Code Index'),
    screen('SH0104', 'SH0001', '/configuration', 'Configuration'),
    screen('SH0105', 'SH0001', '/company', 'Company'),
    screen('SH0106', 'SH0001', '/branch', 'Branches'),
    screen('SH0107', 'SH0001', '/warehouse', 'Warehouses'),
    screen('SH0108', 'SH0002', '/role', 'Roles'),
    screen('SH0109', 'SH0002', '/user', 'Users'),
    screen('SH0110', 'SH0002', '/user-securables', 'User Securables'),
    screen('SH0111', 'SH0002', '/menu-access', 'Menu Access'),
    screen('SH0112', 'SH0002', '/form-widgets-security', 'Form Widgets Security'),
    screen('SH0113', 'SH0002', '/change-password', 'Change Password'),
    screen('SH0114', 'SH0001', '/application', 'Applications'),
    screen('SH0115', 'SH0002', '/sign-in-log', 'Sign-in Log'),
    screen('SH0116', 'SH0001', '/mailbox', 'Mailbox'),
    screen('SH0117', 'SH0002', '/embed-origins', 'Embedding Origins'),
    screen('SH0118', 'SH0002', '/api-clients', 'API Clients'),
    screen('SH0119', 'SH0002', '/webhooks', 'Webhooks'),
    // A document screen (its Replay action), exported by the shell's screens into @erp/records.
    screen('SH0120', 'SH0002', '/webhook-deliveries', 'Webhook Deliveries', { module: '@erp/records', component: 'WebhookDeliveries' }),
  ],
};

/**
 * §2: menu RESTEEL0002 opens the window named resteelWin (focused when already open), loading the steel page
 * the configuration names for its route (`ShellConfig.partnerFrames`): data the tab host reads, no shell code.
 */
export const RESTEEL_WINDOW = { name: 'resteelWin' } as const;

/** Small application: flat menu. RESTEEL0002 opens in its own window (§2: resteelWin). */
const steelReseller: AppCatalog = {
  app: { Application: 'RESTEEL-OE', Description: 'Steel re-seller', RouterPath: '/resteel-oe' },
  sequence: 120,
  module: '@erp/steel',
  home: '@erp/home#ApplicationHome',
  rows: [
    // The embedded steel order-entry system (§2): page URL, origin and domain come from the shell config.
    screen('RESTEEL0002', ROOT, '/resteel', 'ReSteel Order Entry', { module: FRAMES_MODULE, component: 'SteelFrame', window: RESTEEL_WINDOW }),
    screen('RS0102', ROOT, '/ar-account-inquiry', 'AR Account Inquiry'),
    screen('RS0103', ROOT, '/ar-overdue-accounts', 'Overdue Accounts'),
    screen('RS0104', ROOT, '/aged-trial-balance', 'Aged Trial Balance'),
    screen('RS0105', ROOT, '/Account-statement', 'Account Statements'),
  ],
};

export const catalog: ModuleCatalog = {
  applications: [shell, steelReseller],
  names: {
  'API Clients': ['Clients de l’API', 'API 客户端', 'API 用戶端'],
  'AR Account Inquiry': ['Consultation de compte CC', '应收账户查询', '應收帳戶查詢'],
  'Account Statements': ['Relevés de compte', '账户对账单', '帳戶對帳單'],
  'Aged Trial Balance': ['Balance chronologique', '账龄试算表', '帳齡試算表'],
  Applications: ['Applications', '应用程序', '應用程式'],
  Branches: ['Succursales', '分支机构', '分支機構'],
  'Change Password': ['Changer le mot de passe', '更改密码', '變更密碼'],
  'Code Index': ['Index des codes', '代码索引', '代碼索引'],
  Company: ['Société', '公司', '公司'],
  Configuration: ['Configuration', '配置', '組態'],
  'Countries, States and Cities': ['Pays, provinces et villes', '国家、省/州和城市', '國家、省/州和城市'],
  'Form Widgets Security': ['Sécurité des éléments de formulaire', '表单控件安全', '表單控制項安全'],
  Home: ['Accueil', '首页', '首頁'],
  'Menu Access': ['Accès aux menus', '菜单访问权限', '選單存取權限'],
  'Overdue Accounts': ['Comptes en souffrance', '逾期账户', '逾期帳戶'],
  'ReSteel Order Entry': ['Saisie des commandes ReSteel', 'ReSteel 订单录入', 'ReSteel 訂單輸入'],
  Roles: ['Rôles', '角色', '角色'],
  Security: ['Sécurité', '安全', '安全'],
  'Sequence Counters': ['Compteurs de séquence', '序列计数器', '序列計數器'],
  Setup: ['Configuration', '设置', '設定'],
  'Webhook Deliveries': ['Livraisons des webhooks', 'Webhook 投递记录', 'Webhook 傳送紀錄'],
  Webhooks: ['Webhooks', 'Webhook 订阅', 'Webhook 訂閱'],
  'Shell administration': ['Administration de l’interface', '外壳管理', '外殼管理'],
  'Steel re-seller': ['Revente d’acier', '钢材经销', '鋼材經銷'],
  'User Securables': ['Éléments sécurisables des utilisateurs', '用户安全对象', '使用者安全物件'],
  Users: ['Utilisateurs', '用户', '使用者'],
  Warehouses: ['Entrepôts', '仓库', '倉庫'],
  'Sign-in Log': ['Journal des connexions', '登录日志', '登入日誌'],
  Mailbox: ['Boîte de courriel', '邮箱', '郵箱'],
  'Embedding Origins': ['Origines d’intégration', '嵌入来源', '嵌入來源'],
  },
  // Issue 40 item 2: what users call the screens this module owns (searched by the menu filter and the palette).
  searchWords: {
    '/firm-maintenance': {
      'en-CA': 'customer, vendor, supplier, firm',
      'fr-CA': 'client, fournisseur, entreprise',
      'zh-CN': '客户, 供应商, 公司',
      'zh-TW': '客戶, 供應商, 公司',
    },
  },
};

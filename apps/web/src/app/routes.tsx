import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/errors/error-pages';
import { lazyPage } from '../lib/chunk-reload';
import type { Layout } from './layouts/layout-frame';

/**
 * Every route of spec doc 1 §2 and doc 2 §2. Each area is one lazily loaded chunk; later issues
 * replace the page components inside their feature folder and keep these entries. `page` is
 * the page name the page cache uses for its exclusions.
 */
export interface AppRoute {
  path: string;
  page: string;
  Component: ComponentType;
  layout?: Layout;
  /**
   * `false`: the page uses no TanStack Query, so it renders without loading it (the first
   * load of `/` stays in budget, ADR 004). A lazy part of such a page that does use it wraps
   * itself in `<QueryBoundary>` (lib/query-boundary.tsx).
   */
  query?: false;
}

const home = () => import('../features/home/home-page');
const sports = () => import('../features/sports/sports-pages');
const myBets = () => import('../features/my-bets/my-bets-pages');
const payments = () => import('../features/payments/payments-pages');
const casino = () => import('../features/casino/casino-pages');
const content = () => import('../features/content/content-pages');
const accounts = () => import('../features/accounts/account-pages');
const socialShare = () => import('../features/betslip/social-share-page');

const Home = lazyPage(home, 'HomePage');
const Sports = lazyPage(sports, 'SportsPage');
const Sport = lazyPage(sports, 'SportPage');
const SportsCategory = lazyPage(sports, 'SportsCategoryPage');
const SportsSubcategory = lazyPage(sports, 'SportsSubcategoryPage');
const SportsEvent = lazyPage(sports, 'SportsEventPage');
const LiveNow = lazyPage(sports, 'LiveNowPage');
const MyBets = lazyPage(myBets, 'MyBetsPage');
const BetHistory = lazyPage(myBets, 'BetHistoryPage');
const BetDetails = lazyPage(myBets, 'BetDetailsPage');
const CasinoHistory = lazyPage(myBets, 'CasinoHistoryPage');
const Payments = lazyPage(payments, 'PaymentsPage');
const Transactions = lazyPage(payments, 'TransactionsPage');
const Casino = lazyPage(casino, 'CasinoPage');
const CasinoProviders = lazyPage(casino, 'CasinoProvidersPage');
const CasinoSlug = lazyPage(casino, 'CasinoSlugPage');
const LiveCasino = lazyPage(casino, 'LiveCasinoPage');
const Crash = lazyPage(casino, 'CrashPage');
const Virtuals = lazyPage(casino, 'VirtualsPage');
const Games = lazyPage(casino, 'GamesPage');
const InstantWins = lazyPage(casino, 'InstantWinsPage');
const AllGames = lazyPage(casino, 'AllGamesPage');
const AllWinners = lazyPage(casino, 'AllWinnersPage');
const GameInfo = lazyPage(casino, 'GameInfoPage');
const GamePlay = lazyPage(casino, 'GamePlayPage');
const GameNotAvailable = lazyPage(casino, 'GameNotAvailablePage');
const QTech = lazyPage(casino, 'QTechPage');
const Promotions = lazyPage(content, 'PromotionsPage');
const Company = lazyPage(content, 'CompanyPage');
const CustomerSupport = lazyPage(content, 'CustomerSupportPage');
const DeleteAccount = lazyPage(content, 'DeleteAccountPage');
const AndroidApp = lazyPage(content, 'AndroidAppPage');
const Features = lazyPage(content, 'FeaturesPage');
const SpeedTest = lazyPage(content, 'SpeedTestPage');
const SmsBetting = lazyPage(content, 'SmsBettingPage');
const SocialShare = lazyPage(socialShare, 'SocialSharePage');
const Login = lazyPage(accounts, 'LoginPage');
const Register = lazyPage(accounts, 'RegisterPage');
const ForgottenPassword = lazyPage(accounts, 'ForgottenPasswordPage');
const ResetPassword = lazyPage(accounts, 'ResetPasswordPage');
const MyAccount = lazyPage(accounts, 'MyAccountPage');

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', page: 'Home', Component: Home, query: false },
  // Accounts (#5)
  { path: '/login', page: 'Login', Component: Login },
  { path: '/register', page: 'Register', Component: Register },
  { path: '/register/*', page: 'Register', Component: Register },
  { path: '/forgotten-password', page: 'ForgottenPassword', Component: ForgottenPassword },
  { path: '/reset-password/:guid', page: 'ResetPassword', Component: ResetPassword },
  { path: '/my-account', page: 'MyAccount', Component: MyAccount },
  { path: '/my-account/change-password', page: 'MyAccount', Component: MyAccount },
  { path: '/my-account/profile', page: 'MyAccount', Component: MyAccount },
  { path: '/my-account/settings', page: 'MyAccount', Component: MyAccount },
  // My bets (#8)
  { path: '/my-bets', page: 'MyBets', Component: MyBets },
  { path: '/my-bets/bet-history-v2', page: 'MyBets', Component: BetHistory },
  { path: '/my-bets/bet-history-v2/:betId', page: 'BetIdIndex', Component: BetDetails },
  { path: '/my-bets/bet-history-v3', page: 'MyBets', Component: BetHistory },
  { path: '/my-bets/casino-history', page: 'MyBets', Component: CasinoHistory },
  { path: '/my-bets/casino-history/old', page: 'MyBets', Component: CasinoHistory },
  { path: '/my-bets/casino-prag-stp-history', page: 'MyBets', Component: CasinoHistory },
  // Payments (#9)
  { path: '/payments', page: 'Payments', Component: Payments },
  { path: '/payments/transactions', page: 'Payments', Component: Transactions },
  // Sports (#7); the event page sits below its subcategory: /sports/:sportId/:catId/:subId/:id
  { path: '/sports', page: 'Sports', Component: Sports },
  { path: '/sports/:sportId', page: 'SportsSport', Component: Sport },
  { path: '/sports/:sportId/:catId', page: 'SportsCategory', Component: SportsCategory },
  {
    path: '/sports/:sportId/:catId/:subId',
    page: 'SportsSubcategory',
    Component: SportsSubcategory,
  },
  { path: '/sports/:sportId/:catId/:subId/:id', page: 'SportsEvent', Component: SportsEvent },
  { path: '/live-now', page: 'LiveNow', Component: LiveNow },
  { path: '/live-now/:sportId', page: 'LiveNow', Component: LiveNow },
  // Casino and games (later issue)
  { path: '/casino', page: 'Casino', Component: Casino },
  { path: '/casino/provider', page: 'CasinoProviders', Component: CasinoProviders },
  { path: '/casino/provider/:slug', page: 'CasinoProvider', Component: CasinoSlug },
  { path: '/casino/:slug', page: 'CasinoCategory', Component: CasinoSlug },
  { path: '/live-casino', page: 'LiveCasino', Component: LiveCasino },
  { path: '/live-casino/:slug', page: 'LiveCasino', Component: LiveCasino },
  { path: '/crash', page: 'Crash', Component: Crash },
  { path: '/crash/:slug', page: 'Crash', Component: Crash },
  { path: '/virtuals', page: 'Virtuals', Component: Virtuals },
  { path: '/games', page: 'Games', Component: Games },
  { path: '/instant-wins', page: 'InstantWins', Component: InstantWins },
  { path: '/all-games', page: 'AllGames', Component: AllGames },
  { path: '/all-games/:slug', page: 'AllGames', Component: AllGames },
  { path: '/all-winners', page: 'AllWinners', Component: AllWinners },
  { path: '/all-winners/:slug', page: 'AllWinners', Component: AllWinners },
  { path: '/game/not-available', page: 'GameNotAvailable', Component: GameNotAvailable },
  { path: '/game/q-tech', page: 'QTech', Component: QTech },
  { path: '/game/q-tech/:id', page: 'GamePlay', Component: GamePlay, layout: 'empty' },
  { path: '/game/info/REDO-high-flyer', page: 'GameInfo', Component: GameInfo },
  { path: '/game/info/:id', page: 'GameInfo', Component: GameInfo },
  { path: '/game-rt/info/:id', page: 'GameInfo', Component: GameInfo },
  { path: '/game/play/:id', page: 'GamePlay', Component: GamePlay, layout: 'empty' },
  { path: '/game/demo/:id', page: 'GamePlay', Component: GamePlay, layout: 'empty' },
  // Content and shell (#4)
  { path: '/promotions', page: 'Promotions', Component: Promotions },
  { path: '/promotions/:slug', page: 'Promotion', Component: Promotions },
  { path: '/company', page: 'Company', Component: Company },
  { path: '/company/:slug', page: 'Company', Component: Company },
  { path: '/customer-support', page: 'CustomerSupport', Component: CustomerSupport },
  { path: '/customer-support/delete-account', page: 'DeleteAccount', Component: DeleteAccount },
  { path: '/customer-support/:slug', page: 'CustomerSupport', Component: CustomerSupport },
  { path: '/android-app', page: 'AndroidApp', Component: AndroidApp },
  { path: '/features', page: 'Features', Component: Features },
  { path: '/speedtest', page: 'SpeedTest', Component: SpeedTest },
  { path: '/how-to-place-bets-via-sms', page: 'SmsBetting', Component: SmsBetting },
  { path: '/social-share', page: 'SocialShare', Component: SocialShare },
  { path: '/social-share/:ssid', page: 'SocialShare', Component: SocialShare },
  // Unknown routes show the 404 page; it is in the entry chunk so it never waits for a download.
  { path: '*', page: 'NotFound', Component: NotFoundPage },
];

export const ROUTE_OBJECTS: RouteObject[] = APP_ROUTES.map((route) => ({
  path: route.path,
  Component: route.Component,
  handle: route,
}));

/** The route a path renders (the 404 route when none matches). */
export function routeFor(pathname: string): AppRoute {
  const matches = matchRoutes(ROUTE_OBJECTS, pathname);
  const handle = matches?.[matches.length - 1]?.route.handle as AppRoute | undefined;
  return handle ?? (APP_ROUTES[APP_ROUTES.length - 1] as AppRoute);
}

import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { PAGE_ROUTES, type PagePath } from '@dau/domain/page-routes';
import { NotFoundPage } from '../ui/error-pages';
import { lazyPage } from '../lib/chunk-reload';
import { HOME_BLOCKS } from '../lib/home-blocks';
import type { Layout } from './layouts/layout-frame';

/**
 * Every route of spec doc 1 §2 and doc 2 §2: the paths and page names come from the table the
 * server shares (`@dau/domain/page-routes`, so it can answer 404 for unknown paths); this file
 * adds what renders each. Each area is one lazily loaded chunk. `page` is the page name the
 * page cache uses for its exclusions.
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
const gamePlay = () => import('../features/casino/play-pages');
const casinoHistory = () => import('../features/casino/history-pages');
const content = () => import('../features/content/content-pages');
const accounts = () => import('../features/accounts/account-pages');
const socialShare = () => import('../features/betslip/social-share-page');
const virtuals = () => import('../features/virtuals/virtuals-page');
const virtualBets = () => import('../features/my-bets/virtual-bets-page');
const jackpots = () => import('../features/jackpots/jackpots-page');

const Home = lazyPage(home, 'HomePage');
// Home's `casino_games` block: real games from the casino feature, in its own chunk.
HOME_BLOCKS.casino_games = () => import('../features/casino/home-casino-games');
const Sports = lazyPage(sports, 'SportsPage');
const Sport = lazyPage(sports, 'SportPage');
const SportsCategory = lazyPage(sports, 'SportsCategoryPage');
const SportsSubcategory = lazyPage(sports, 'SportsSubcategoryPage');
const SportsEvent = lazyPage(sports, 'SportsEventPage');
const LiveNow = lazyPage(sports, 'LiveNowPage');
const MyBets = lazyPage(myBets, 'MyBetsPage');
const BetHistory = lazyPage(myBets, 'BetHistoryPage');
const BetDetails = lazyPage(myBets, 'BetDetailsPage');
const CasinoHistory = lazyPage(casinoHistory, 'CasinoHistoryPage');
const Payments = lazyPage(payments, 'PaymentsPage');
const Transactions = lazyPage(payments, 'TransactionsPage');
const Casino = lazyPage(casino, 'CasinoPage');
const CasinoProviders = lazyPage(casino, 'CasinoProvidersPage');
const CasinoProvider = lazyPage(casino, 'CasinoProviderPage');
const CasinoSlug = lazyPage(casino, 'CasinoSlugPage');
const LiveCasino = lazyPage(casino, 'LiveCasinoPage');
const Crash = lazyPage(casino, 'CrashPage');
// Virtual football (issue #14): the league, its matchdays and the virtual betslip.
const Virtuals = lazyPage(virtuals, 'VirtualsPage');
const VirtualBets = lazyPage(virtualBets, 'VirtualBetsPage');
// Sports jackpots (issue #21): open rounds' coupons, my tickets, results and rules.
const Jackpots = lazyPage(jackpots, 'JackpotsPage');
const Games = lazyPage(casino, 'GamesPage');
const InstantWins = lazyPage(casino, 'InstantWinsPage');
const AllGames = lazyPage(casino, 'AllGamesPage');
const AllWinners = lazyPage(casinoHistory, 'AllWinnersPage');
const GameInfo = lazyPage(casino, 'GameInfoPage');
const GamePlay = lazyPage(gamePlay, 'GamePlayPage');
const GameNotAvailable = lazyPage(casino, 'GameNotAvailablePage');
const QTech = lazyPage(casino, 'QTechPage');
const Fairness = lazyPage(gamePlay, 'FairnessPage');
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

/** Each page path of the shared table (`@dau/domain/page-routes`) and what renders it. */
const PAGES: Record<PagePath, Omit<AppRoute, 'path' | 'page'>> = {
  '/': { Component: Home, query: false },
  // Accounts (#5)
  '/login': { Component: Login },
  '/register': { Component: Register },
  '/register/*': { Component: Register },
  '/forgotten-password': { Component: ForgottenPassword },
  '/reset-password/:guid': { Component: ResetPassword },
  '/my-account': { Component: MyAccount },
  '/my-account/change-password': { Component: MyAccount },
  '/my-account/profile': { Component: MyAccount },
  '/my-account/settings': { Component: MyAccount },
  // My bets (#8)
  '/my-bets': { Component: MyBets },
  '/my-bets/bet-history-v2': { Component: BetHistory },
  '/my-bets/bet-history-v2/:betId': { Component: BetDetails },
  '/my-bets/bet-history-v3': { Component: BetHistory },
  '/my-bets/casino-history': { Component: CasinoHistory },
  '/my-bets/virtuals': { Component: VirtualBets },
  '/my-bets/casino-history/old': { Component: CasinoHistory },
  '/my-bets/casino-prag-stp-history': { Component: CasinoHistory },
  // Payments (#9)
  '/payments': { Component: Payments },
  '/payments/transactions': { Component: Transactions },
  // Sports (#7); the event page sits below its subcategory: /sports/:sportId/:catId/:subId/:id
  '/sports': { Component: Sports },
  '/sports/:sportId': { Component: Sport },
  '/sports/:sportId/:catId': { Component: SportsCategory },
  '/sports/:sportId/:catId/:subId': { Component: SportsSubcategory },
  '/sports/:sportId/:catId/:subId/:id': { Component: SportsEvent },
  '/live-now': { Component: LiveNow },
  '/live-now/:sportId': { Component: LiveNow },
  // Casino and games (#13)
  '/casino': { Component: Casino },
  '/casino/provider': { Component: CasinoProviders },
  '/casino/provider/:slug': { Component: CasinoProvider },
  '/casino/:slug': { Component: CasinoSlug },
  '/live-casino': { Component: LiveCasino },
  '/live-casino/:slug': { Component: LiveCasino },
  '/crash': { Component: Crash },
  '/crash/:slug': { Component: Crash },
  '/virtuals': { Component: Virtuals },
  '/jackpots': { Component: Jackpots },
  '/games': { Component: Games },
  '/instant-wins': { Component: InstantWins },
  '/all-games': { Component: AllGames },
  '/all-games/:slug': { Component: AllGames },
  '/all-winners': { Component: AllWinners },
  '/all-winners/:slug': { Component: AllWinners },
  '/game/not-available': { Component: GameNotAvailable },
  '/game/q-tech': { Component: QTech },
  '/game/q-tech/:id': { Component: QTech },
  '/game/info/REDO-high-flyer': { Component: GameInfo },
  '/game/info/:id': { Component: GameInfo },
  '/game-rt/info/:id': { Component: GameInfo },
  // Games run inside Dau's page: the header shows the balance each round moves.
  '/game/play/:id': { Component: GamePlay },
  '/game/demo/:id': { Component: GamePlay },
  '/fairness': { Component: Fairness },
  // Content and shell (#4)
  '/promotions': { Component: Promotions },
  '/promotions/:slug': { Component: Promotions },
  '/company': { Component: Company },
  '/company/:slug': { Component: Company },
  '/customer-support': { Component: CustomerSupport },
  '/customer-support/delete-account': { Component: DeleteAccount },
  '/customer-support/:slug': { Component: CustomerSupport },
  '/android-app': { Component: AndroidApp },
  '/features': { Component: Features },
  '/speedtest': { Component: SpeedTest },
  '/how-to-place-bets-via-sms': { Component: SmsBetting },
  '/social-share': { Component: SocialShare },
  '/social-share/:ssid': { Component: SocialShare },
};

/** Unknown routes show the 404 page; it is in the entry chunk so it never waits for a download. */
export const NOT_FOUND_ROUTE: AppRoute = { path: '*', page: 'NotFound', Component: NotFoundPage };

export const APP_ROUTES: readonly AppRoute[] = [
  ...PAGE_ROUTES.map((route) => ({ path: route.path, page: route.page, ...PAGES[route.path] })),
  NOT_FOUND_ROUTE,
];

export const ROUTE_OBJECTS: RouteObject[] = APP_ROUTES.map((route) => ({
  path: route.path,
  Component: route.Component,
  handle: route,
}));

/** `routeFor`'s answers: React Router ranks the whole table on every match (ADR 189). */
const routeOfPath = new Map<string, AppRoute>();
const ROUTE_CACHE_SIZE = 64;

/** The route a path renders (the 404 route when none matches). */
export function routeFor(pathname: string): AppRoute {
  const known = routeOfPath.get(pathname);
  if (known) return known;
  const matches = matchRoutes(ROUTE_OBJECTS, pathname);
  const handle = matches?.[matches.length - 1]?.route.handle as AppRoute | undefined;
  const route = handle ?? NOT_FOUND_ROUTE;
  if (routeOfPath.size >= ROUTE_CACHE_SIZE) routeOfPath.clear();
  routeOfPath.set(pathname, route);
  return route;
}

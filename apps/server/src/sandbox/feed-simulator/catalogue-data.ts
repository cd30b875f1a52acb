/**
 * The simulator's world: sports, countries (categories) and tournaments with real team names,
 * so the sandbox looks like an East African sportsbook. Ids are stable: fixtures, bookmarks
 * and tests refer to them.
 */
export interface TournamentData {
  id: number;
  name: string;
  popular: boolean;
  teams: readonly string[];
}

export interface CategoryData {
  id: number;
  name: string;
  countryCode: string | null;
  tournaments: readonly TournamentData[];
}

export interface SportData {
  id: number;
  name: string;
  order: number;
  kind: 'football' | 'basketball' | 'tennis' | 'ice-hockey' | 'volleyball' | 'rugby';
  categories: readonly CategoryData[];
}

const t = (id: number, name: string, teams: string, popular = false): TournamentData => ({
  id,
  name,
  popular,
  teams: teams.split(',').map((s) => s.trim()),
});

export const SPORTS: readonly SportData[] = [
  {
    id: 1,
    name: 'Soccer',
    order: 1,
    kind: 'football',
    categories: [
      {
        id: 1101,
        name: 'Kenya',
        countryCode: 'KE',
        tournaments: [
          t(
            2101,
            'Premier League',
            'Gor Mahia, AFC Leopards, Tusker FC, Kenya Police, KCB, Bandari, Kakamega Homeboyz, Sofapaka, Nairobi City Stars, Posta Rangers, Shabana, Ulinzi Stars, Murang\u2019a Seal, Mathare United',
            true,
          ),
          t(
            2102,
            'Super League',
            'Mara Sugar, Kariobangi Sharks, Naivas, Migori Youth, Vihiga Bullets, Darajani Gogo, Fortune Sacco, Kenya Prisons',
          ),
        ],
      },
      {
        id: 1102,
        name: 'England',
        countryCode: 'GB',
        tournaments: [
          t(
            2103,
            'Premier League',
            'Arsenal, Chelsea, Liverpool, Manchester City, Manchester United, Tottenham Hotspur, Newcastle United, Aston Villa, Brighton, West Ham United, Brentford, Crystal Palace, Fulham, Everton, Wolverhampton, Bournemouth, Nottingham Forest, Leeds United, Burnley, Sunderland',
            true,
          ),
          t(
            2104,
            'Championship',
            'Leicester City, Southampton, Ipswich Town, Norwich City, Middlesbrough, West Bromwich, Coventry City, Sheffield United, Hull City, Watford, Stoke City, Bristol City',
          ),
        ],
      },
      {
        id: 1103,
        name: 'Spain',
        countryCode: 'ES',
        tournaments: [
          t(
            2105,
            'LaLiga',
            'Real Madrid, Barcelona, Atletico Madrid, Athletic Bilbao, Real Sociedad, Villarreal, Real Betis, Sevilla, Valencia, Girona, Celta Vigo, Osasuna, Getafe, Mallorca, Rayo Vallecano, Espanyol',
            true,
          ),
        ],
      },
      {
        id: 1104,
        name: 'Italy',
        countryCode: 'IT',
        tournaments: [
          t(
            2106,
            'Serie A',
            'Inter, AC Milan, Juventus, Napoli, AS Roma, Lazio, Atalanta, Fiorentina, Bologna, Torino, Udinese, Genoa, Como, Cagliari, Lecce, Parma',
            true,
          ),
        ],
      },
      {
        id: 1105,
        name: 'Germany',
        countryCode: 'DE',
        tournaments: [
          t(
            2107,
            'Bundesliga',
            'Bayern Munich, Borussia Dortmund, Bayer Leverkusen, RB Leipzig, Eintracht Frankfurt, VfB Stuttgart, SC Freiburg, Wolfsburg, Borussia Monchengladbach, Union Berlin, Werder Bremen, Mainz 05, Hoffenheim, Augsburg',
            true,
          ),
        ],
      },
      {
        id: 1106,
        name: 'France',
        countryCode: 'FR',
        tournaments: [
          t(
            2108,
            'Ligue 1',
            'Paris Saint-Germain, Marseille, Monaco, Lyon, Lille, Nice, Lens, Rennes, Strasbourg, Nantes, Toulouse, Brest',
          ),
        ],
      },
      {
        id: 1107,
        name: 'International Clubs',
        countryCode: null,
        tournaments: [
          t(
            2109,
            'UEFA Champions League',
            'Real Madrid, Manchester City, Bayern Munich, Paris Saint-Germain, Liverpool, Inter, Barcelona, Arsenal, Borussia Dortmund, Atletico Madrid, Benfica, Porto, Napoli, Juventus, PSV Eindhoven, Celtic',
            true,
          ),
          t(
            2110,
            'CAF Champions League',
            'Al Ahly, Mamelodi Sundowns, Esperance, Wydad Casablanca, Simba SC, Young Africans, Petro de Luanda, TP Mazembe, Gor Mahia, Zamalek',
          ),
        ],
      },
      {
        id: 1108,
        name: 'Uganda',
        countryCode: 'UG',
        tournaments: [
          t(
            2111,
            'Premier League',
            'Vipers SC, KCCA FC, SC Villa, URA FC, Express FC, BUL FC, NEC FC, Bright Stars, Maroons FC, Wakiso Giants, Mbarara City, Kitara FC',
            true,
          ),
        ],
      },
      {
        id: 1109,
        name: 'Tanzania',
        countryCode: 'TZ',
        tournaments: [
          t(
            2112,
            'Premier League',
            'Simba SC, Young Africans, Azam FC, Singida Black Stars, Coastal Union, Namungo, KMC, Tabora United, Mashujaa, Dodoma Jiji, Kagera Sugar, Tanzania Prisons',
            true,
          ),
        ],
      },
      {
        id: 1110,
        name: 'Zambia',
        countryCode: 'ZM',
        tournaments: [
          t(
            2113,
            'Super League',
            'ZESCO United, Power Dynamos, Zanaco, Red Arrows, Nkana, Green Eagles, Napsa Stars, Kabwe Warriors, Forest Rangers, Mutondo Stars',
          ),
        ],
      },
      {
        id: 1111,
        name: 'South Africa',
        countryCode: 'ZA',
        tournaments: [
          t(
            2114,
            'Premiership',
            'Mamelodi Sundowns, Orlando Pirates, Kaizer Chiefs, Stellenbosch, SuperSport United, Cape Town City, AmaZulu, Sekhukhune United, Polokwane City, TS Galaxy',
          ),
        ],
      },
      {
        id: 1112,
        name: 'Netherlands',
        countryCode: 'NL',
        tournaments: [
          t(
            2115,
            'Eredivisie',
            'PSV Eindhoven, Feyenoord, Ajax, AZ Alkmaar, FC Twente, FC Utrecht, Go Ahead Eagles, NEC Nijmegen, Sparta Rotterdam, Heerenveen',
          ),
        ],
      },
      {
        id: 1113,
        name: 'Portugal',
        countryCode: 'PT',
        tournaments: [
          t(
            2116,
            'Primeira Liga',
            'Benfica, Porto, Sporting CP, Braga, Vitoria Guimaraes, Moreirense, Rio Ave, Famalicao, Estoril, Gil Vicente',
          ),
        ],
      },
    ],
  },
  {
    id: 2,
    name: 'Basketball',
    order: 2,
    kind: 'basketball',
    categories: [
      {
        id: 1201,
        name: 'USA',
        countryCode: 'US',
        tournaments: [
          t(
            2201,
            'NBA',
            'Boston Celtics, Los Angeles Lakers, Golden State Warriors, Denver Nuggets, Milwaukee Bucks, Miami Heat, Phoenix Suns, Dallas Mavericks, New York Knicks, Oklahoma City Thunder, Minnesota Timberwolves, Philadelphia 76ers',
            true,
          ),
        ],
      },
      {
        id: 1202,
        name: 'International',
        countryCode: null,
        tournaments: [
          t(
            2202,
            'Euroleague',
            'Real Madrid, Fenerbahce, Olympiacos, Panathinaikos, Barcelona, Monaco, Anadolu Efes, Maccabi Tel Aviv, Partizan, Zalgiris',
          ),
          t(
            2203,
            'Basketball Africa League',
            'Petro de Luanda, Al Ahly, US Monastir, APR, Rivers Hoopers, FUS Rabat, Kenya Ports Authority, City Oilers',
          ),
        ],
      },
    ],
  },
  {
    id: 5,
    name: 'Tennis',
    order: 3,
    kind: 'tennis',
    categories: [
      {
        id: 1501,
        name: 'ATP',
        countryCode: null,
        tournaments: [
          t(
            2501,
            'ATP Finals',
            'Sinner J., Alcaraz C., Zverev A., Djokovic N., Medvedev D., Fritz T., Rune H., Ruud C., De Minaur A., Draper J.',
            true,
          ),
        ],
      },
      {
        id: 1502,
        name: 'WTA',
        countryCode: null,
        tournaments: [
          t(
            2502,
            'WTA Finals',
            'Sabalenka A., Swiatek I., Gauff C., Rybakina E., Pegula J., Paolini J., Zheng Q., Andreeva M., Keys M., Navarro E.',
          ),
        ],
      },
    ],
  },
  {
    id: 4,
    name: 'Ice Hockey',
    order: 5,
    kind: 'ice-hockey',
    categories: [
      {
        id: 1401,
        name: 'USA',
        countryCode: 'US',
        tournaments: [
          t(
            2401,
            'NHL',
            'Florida Panthers, Edmonton Oilers, New York Rangers, Dallas Stars, Colorado Avalanche, Boston Bruins, Vegas Golden Knights, Toronto Maple Leafs, Winnipeg Jets, Carolina Hurricanes',
          ),
        ],
      },
    ],
  },
  {
    id: 23,
    name: 'Volleyball',
    order: 6,
    kind: 'volleyball',
    categories: [
      {
        id: 2301,
        name: 'Kenya',
        countryCode: 'KE',
        tournaments: [
          t(
            2601,
            'National League Women',
            'KCB, Kenya Pipeline, Kenya Prisons, DCI, Kenya Army, Nairobi Water, KDF, Bungoma County',
          ),
        ],
      },
    ],
  },
  {
    id: 12,
    name: 'Rugby',
    order: 4,
    kind: 'rugby',
    categories: [
      {
        id: 1301,
        name: 'International',
        countryCode: null,
        tournaments: [
          t(
            2701,
            'Rugby Championship',
            'South Africa, New Zealand, Australia, Argentina, Kenya, Namibia, Zimbabwe, Uganda',
          ),
        ],
      },
    ],
  },
];

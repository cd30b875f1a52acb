/**
 * The server's messages in Swahili (ADR 142). Each entry pairs an English message as the
 * server writes it — `{name}` marks a part that varies (an amount, a date, a count) — with its
 * Swahili text; the varying parts are carried over as they are (amounts and dates are already
 * in the site's format). The error handler translates every envelope entry of a Swahili
 * request; `english-messages.test.ts` asks every server message and fails on one missing here.
 */
const TEMPLATES: readonly (readonly [string, string])[] = [
  // The error envelope's default messages (errors/app-error.ts)
  ['The request is not valid.', 'Ombi si sahihi.'],
  ['Some of the information sent is not valid.', 'Baadhi ya taarifa ulizotuma si sahihi.'],
  ['The request body is not valid JSON.', 'Maudhui ya ombi si JSON sahihi.'],
  [
    'Your session has expired. Please log in again.',
    'Muda wa kuingia umeisha. Tafadhali ingia tena.',
  ],
  ['You do not have access to the requested resource.', 'Huna ruhusa ya kufikia ulichoomba.'],
  ['The requested resource was not found.', 'Ulichoomba hakijapatikana.'],
  ['This method is not allowed here.', 'Njia hii hairuhusiwi hapa.'],
  ['The request conflicts with the current state.', 'Ombi linakinzana na hali ilivyo sasa.'],
  ['The request body is too large.', 'Maudhui ya ombi ni makubwa mno.'],
  ['The request body has an unsupported content type.', 'Aina ya maudhui ya ombi haikubaliki.'],
  ['The request could not be processed.', 'Ombi halikuweza kushughulikiwa.'],
  [
    'Too many requests. Please wait a moment and try again.',
    'Maombi mengi mno. Tafadhali subiri kidogo kisha ujaribu tena.',
  ],
  [
    'Something went wrong on our side. Please try again.',
    'Kuna hitilafu upande wetu. Tafadhali jaribu tena.',
  ],
  [
    'The service is temporarily unavailable. Please try again shortly.',
    'Huduma haipatikani kwa muda. Tafadhali jaribu tena baada ya muda mfupi.',
  ],
  // Spec texts (packages/domain/src/messages.ts)
  ['Phone number is required!', 'Namba ya simu inahitajika!'],
  [
    'You have reached maximum number of withdrawals for 24 hours.',
    'Umefikia idadi ya juu ya utoaji kwa saa 24.',
  ],
  [
    'Only one withdrawal is allowed within a 15 minute period.',
    'Utoaji mmoja tu unaruhusiwa ndani ya dakika 15.',
  ],
  ['Whole numbers only, no decimals', 'Namba kamili tu, bila desimali'],
  [
    'Your deposit {id} is in progress. Your balance will update automatically when finished.',
    'Uwekaji wako {id} unaendelea. Salio lako litabadilika lenyewe ukikamilika.',
  ],
  ['Market has expired', 'Soko limeisha muda'],
  ['Live betting is temporarily disabled', 'Kubeti mubashara kumesitishwa kwa muda'],
  ['Pre match betting is temporarily disabled', 'Kubeti kabla ya mechi kumesitishwa kwa muda'],
  ['Invalid date of birth', 'Tarehe ya kuzaliwa si sahihi'],
  ['You must be {years} years or older', 'Lazima uwe na umri wa miaka {years} au zaidi'],
  [
    'Invalid format. Please use YYYYMMDD-12345-12345-12',
    'Muundo si sahihi. Tafadhali tumia YYYYMMDD-12345-12345-12',
  ],
  ['Invalid date of birth in ID', 'Tarehe ya kuzaliwa kwenye kitambulisho si sahihi'],
  ['Your session has expired', 'Muda wa kuingia umeisha'],
  ['Access Denied', 'Ufikiaji Umekataliwa'],
  // Payments (modules/payments/payments.messages.ts)
  ['Please enter an amount.', 'Tafadhali weka kiasi.'],
  [
    'Please enter a valid amount, with at most two decimals.',
    'Tafadhali weka kiasi sahihi, chenye desimali zisizozidi mbili.',
  ],
  [
    '{currency} amounts are whole numbers: please enter an amount without decimals.',
    'Kiasi cha {currency} ni namba kamili: tafadhali weka kiasi bila desimali.',
  ],
  [
    'Please enter an amount with at most two decimals.',
    'Tafadhali weka kiasi chenye desimali zisizozidi mbili.',
  ],
  ['The minimum deposit is {amount}.', 'Kiasi cha chini cha kuweka ni {amount}.'],
  ['The maximum deposit is {amount}.', 'Kiasi cha juu cha kuweka ni {amount}.'],
  [
    'M-Pesa accepts whole amounts only. Please enter {lower} or {upper}.',
    'M-Pesa inapokea kiasi kamili tu. Tafadhali weka {lower} au {upper}.',
  ],
  ['Please enter a valid mobile number.', 'Tafadhali weka namba sahihi ya simu.'],
  ['The minimum withdrawal is {amount}.', 'Kiasi cha chini cha kutoa ni {amount}.'],
  ['The maximum withdrawal is {amount}.', 'Kiasi cha juu cha kutoa ni {amount}.'],
  [
    'You can withdraw at most {amount}, your cash balance.',
    'Unaweza kutoa hadi {amount}, salio lako la pesa taslimu.',
  ],
  [
    'Withdrawals are paid to your registered mobile number only.',
    'Pesa inatolewa kwenye namba yako ya simu iliyosajiliwa tu.',
  ],
  [
    'You need to place at least {count} bet before you can withdraw.',
    'Unahitaji kuweka angalau beti {count} kabla ya kutoa pesa.',
  ],
  [
    'You need to place at least {count} bets before you can withdraw.',
    'Unahitaji kuweka angalau beti {count} kabla ya kutoa pesa.',
  ],
  [
    'M-Pesa could not start the payment ({detail}). Please try again.',
    'M-Pesa haikuweza kuanzisha malipo ({detail}). Tafadhali jaribu tena.',
  ],
  [
    'This deposit is above your daily deposit limit. You can deposit up to {amount} more this day.',
    'Uwekaji huu unazidi kikomo chako cha siku. Unaweza kuweka hadi {amount} zaidi leo.',
  ],
  [
    'This deposit is above your weekly deposit limit. You can deposit up to {amount} more this week.',
    'Uwekaji huu unazidi kikomo chako cha wiki. Unaweza kuweka hadi {amount} zaidi wiki hii.',
  ],
  [
    'This deposit is above your monthly deposit limit. You can deposit up to {amount} more this month.',
    'Uwekaji huu unazidi kikomo chako cha mwezi. Unaweza kuweka hadi {amount} zaidi mwezi huu.',
  ],
  ['Complete your profile to withdraw.', 'Kamilisha taarifa zako ili kutoa pesa.'],
  [
    'Your withdrawal could not be paid out. The amount is back in your balance.',
    'Utoaji wako haukuweza kulipwa. Kiasi kimerudi kwenye salio lako.',
  ],
  [
    'You cancelled the M-Pesa payment. Your deposit was not made.',
    'Umesitisha malipo ya M-Pesa. Uwekaji wako haukufanyika.',
  ],
  [
    'Your M-Pesa balance is not enough for this deposit.',
    'Salio lako la M-Pesa halitoshi kwa uwekaji huu.',
  ],
  [
    'The M-Pesa PIN was wrong. Please try the deposit again.',
    'Namba ya siri ya M-Pesa si sahihi. Tafadhali jaribu kuweka tena.',
  ],
  [
    'We could not reach your phone. Please check it is on and try the deposit again.',
    'Hatukuweza kufikia simu yako. Hakikisha imewashwa kisha jaribu kuweka tena.',
  ],
  [
    'M-Pesa could not complete your deposit: {detail}',
    'M-Pesa haikuweza kukamilisha uwekaji wako: {detail}',
  ],
  // The other operators' texts (payments.messages.ts operatorFailureMessage, pushed results)
  [
    'You cancelled the {name} payment. Your deposit was not made.',
    'Umesitisha malipo ya {name}. Uwekaji wako haukufanyika.',
  ],
  [
    'You cancelled the {name} payment. Your withdrawal was not made.',
    'Umesitisha malipo ya {name}. Utoaji wako haukufanyika.',
  ],
  [
    'Your {name} balance is not enough for this deposit.',
    'Salio lako la {name} halitoshi kwa uwekaji huu.',
  ],
  [
    '{name} could not pay out just now. The amount is back in your balance.',
    '{name} haikuweza kulipa kwa sasa. Kiasi kimerudi kwenye salio lako.',
  ],
  [
    'The {name} PIN was wrong. Please try the deposit again.',
    'Namba ya siri ya {name} si sahihi. Tafadhali jaribu kuweka tena.',
  ],
  [
    'The {name} PIN was wrong. Please try the withdrawal again.',
    'Namba ya siri ya {name} si sahihi. Tafadhali jaribu kutoa tena.',
  ],
  [
    'We could not reach your phone. Please check it is on and try the withdrawal again.',
    'Hatukuweza kufikia simu yako. Hakikisha imewashwa kisha jaribu kutoa tena.',
  ],
  [
    'The {name} prompt expired before it was approved. Your deposit was not made.',
    'Ombi la {name} liliisha muda kabla ya kuidhinishwa. Uwekaji wako haukufanyika.',
  ],
  [
    'The {name} prompt expired before it was approved. Your withdrawal was not made.',
    'Ombi la {name} liliisha muda kabla ya kuidhinishwa. Utoaji wako haukufanyika.',
  ],
  ['This number has no active {name} account.', 'Namba hii haina akaunti hai ya {name}.'],
  [
    'This deposit is above your {name} transaction limit.',
    'Uwekaji huu unazidi kikomo chako cha muamala cha {name}.',
  ],
  [
    'This withdrawal is above your {name} transaction limit.',
    'Utoaji huu unazidi kikomo chako cha muamala cha {name}.',
  ],
  [
    '{name} could not complete your withdrawal: {detail}',
    '{name} haikuweza kukamilisha utoaji wako: {detail}',
  ],
  [
    '{name} could not complete your deposit: {detail}',
    '{name} haikuweza kukamilisha uwekaji wako: {detail}',
  ],
  [
    '{name} could not start the payment ({detail}). Please try again.',
    '{name} haikuweza kuanzisha malipo ({detail}). Tafadhali jaribu tena.',
  ],
  [
    '{name} never confirmed this deposit, so it was cancelled. If money left your account, it will be credited when {name} confirms it.',
    '{name} haikuthibitisha uwekaji huu, kwa hiyo umesitishwa. Kama pesa zilitoka kwenye akaunti yako, zitaingia {name} itakapothibitisha.',
  ],
  ['The {period} limit must be a positive amount.', 'Kikomo lazima kiwe kiasi chanya.'],
  ['Send DepositAmount or WithdrawalAmount.', 'Tuma DepositAmount au WithdrawalAmount.'],
  // Bets (modules/betting)
  ['The minimum stake is {amount}.', 'Dau la chini ni {amount}.'],
  ['The maximum stake is {amount}.', 'Dau la juu ni {amount}.'],
  [
    '{currency} stakes are whole numbers: enter an amount without decimals.',
    'Dau la {currency} ni namba kamili: weka kiasi bila desimali.',
  ],
  ['Enter an amount with at most two decimals.', 'Weka kiasi chenye desimali zisizozidi mbili.'],
  ['This bet is for another site.', 'Beti hii ni ya tovuti nyingine.'],
  ['A single bet has exactly one selection.', 'Beti moja ina chaguo moja tu.'],
  // Time offset (plugins/time-offset.ts)
  [
    'timeOffset must be whole minutes east of UTC, from -720 to 840.',
    'timeOffset lazima iwe dakika kamili mashariki ya UTC, kuanzia -720 hadi 840.',
  ],
  // Breaks and self-exclusion (modules/accounts/responsible-gambling.service.ts)
  [
    'You have excluded yourself from betting until {until}. Deposits and bets are not possible until then; you can still log in to withdraw your balance and see your transactions.',
    'Umejizuia kubeti hadi {until}. Huwezi kuweka pesa wala kubeti hadi wakati huo; bado unaweza kuingia kutoa salio lako na kuona miamala yako.',
  ],
  [
    'You are taking a break from betting until {until}. Deposits and bets are paused until then; you can still log in to withdraw your balance and see your transactions.',
    'Umepumzika kubeti hadi {until}. Kuweka pesa na kubeti kumesitishwa hadi wakati huo; bado unaweza kuingia kutoa salio lako na kuona miamala yako.',
  ],
  [
    '{limit} It cannot be shortened or lifted early.',
    '{limit} Haiwezi kufupishwa wala kuondolewa mapema.',
  ],
];

interface Compiled {
  pattern: RegExp;
  names: string[];
  swahili: string;
}

function compile([english, swahili]: readonly [string, string]): Compiled {
  const names: string[] = [];
  const source = english
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) {
        names.push(name);
        return '(.+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names, swahili };
}

const COMPILED = TEMPLATES.map(compile);

/** The message in Swahili, or null when the table has no template for it. */
export function toSwahili(message: string): string | null {
  for (const { pattern, names, swahili } of COMPILED) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
    // A varying part that is itself a message (a limit's sentence) is translated too.
    return swahili.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name] ?? '';
      return toSwahili(value) ?? value;
    });
  }
  return null;
}

/** The message in the language asked for; English (as written) when there is no translation. */
export function translate(message: string, language: string): string {
  return language === 'sw' ? (toSwahili(message) ?? message) : message;
}

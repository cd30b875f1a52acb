import { randomUUID } from 'node:crypto';
import { darajaDateTime, darajaTimestamp } from '@dau/contracts/payments/daraja-time';
import {
  B2C_CHARGE_CENTS,
  accountBalanceSchema,
  accountBalanceText,
  acceptedRequest,
  b2cSchema,
  badRequest,
  conversationResult,
  kes,
  newConversation,
  receipt,
  reversalSchema,
  transactionStatusSchema,
  type B2cRecord,
  type Conversation,
  type DarajaSandboxContext,
} from './daraja-wire';
import { sandboxOutcome, type SandboxOutcome } from './sandbox-outcomes';

/**
 * The business side of the sandbox: B2C payouts, TransactionStatusQuery, reversals and the
 * account balance, each accepted at once and answered later at its ResultURL (or
 * QueueTimeOutURL), as Daraja does.
 */
export function registerPayouts(ctx: DarajaSandboxContext): void {
  registerB2c(ctx);
  registerTransactionStatus(ctx);
  registerReversal(ctx);
  registerAccountBalance(ctx);
}

function b2cFailure(outcome: SandboxOutcome) {
  if (outcome === 'wrongPin') return { code: 2001, desc: 'The initiator information is invalid.' };
  if (outcome === 'insufficientFunds' || outcome === 'cancelled') {
    return { code: 1, desc: 'The balance is insufficient for the transaction.' };
  }
  return null;
}

function registerB2c(ctx: DarajaSandboxContext): void {
  const { accounts } = ctx;
  ctx.operation('/mpesa/b2c/v1/paymentrequest', b2cSchema, true, async (body, reply) => {
    if (!Number.isInteger(body.Amount) || body.Amount < 10) return badRequest(reply, 'Amount');
    if (!/^254[17]\d{8}$/.test(body.PartyB)) return badRequest(reply, 'PartyB');
    const conversation = newConversation(body.OriginatorConversationID ?? randomUUID());
    const outcome = sandboxOutcome(body.PartyB);
    const record: B2cRecord = {
      ...conversation,
      phone: body.PartyB,
      amount: body.Amount,
      status: null,
      receipt: null,
      initiatedAt: darajaTimestamp(new Date()),
      finalisedAt: null,
    };
    ctx.b2c.set(conversation.originatorConversationId, record);
    const reference = {
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: body.QueueTimeOutURL } },
    };
    const queueTimeout = () =>
      ctx.post(
        body.QueueTimeOutURL,
        conversationResult(conversation, {
          type: 1,
          code: 1,
          desc: 'The request timed out in the queue.',
          transactionId: '',
        }),
      );
    const settle = async () => {
      const failure = b2cFailure(outcome);
      const transactionId = receipt();
      record.status = failure ? 'Failed' : 'Completed';
      record.receipt = transactionId;
      record.finalisedAt = darajaTimestamp(new Date());
      ctx.b2c.set(transactionId, record);
      if (!failure) {
        accounts.utility -= body.Amount * 100;
        accounts.chargesPaid -= B2C_CHARGE_CENTS;
        ctx.receipts.set(transactionId, {
          receipt: transactionId,
          amount: body.Amount,
          from: 'business',
          phone: body.PartyB,
          reversed: false,
        });
      }
      if (outcome === 'callbackLost') return;
      const parameters = [
        { Key: 'TransactionAmount', Value: body.Amount },
        { Key: 'TransactionReceipt', Value: transactionId },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
        { Key: 'B2CChargesPaidAccountAvailableFunds', Value: Number(kes(accounts.chargesPaid)) },
        { Key: 'ReceiverPartyPublicName', Value: `${body.PartyB} - Sandbox Customer` },
        { Key: 'TransactionCompletedDateTime', Value: darajaDateTime(new Date()) },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: Number(kes(accounts.utility)) },
        { Key: 'B2CWorkingAccountAvailableFunds', Value: Number(kes(accounts.working)) },
      ];
      const result = conversationResult(
        conversation,
        {
          type: 0,
          code: failure?.code ?? 0,
          desc: failure?.desc ?? 'The service request is processed successfully.',
          transactionId,
        },
        {
          ...(failure ? {} : { ResultParameters: { ResultParameter: parameters } }),
          ...reference,
        },
      );
      await ctx.postCallback(body.ResultURL, result, outcome);
    };
    ctx.later(async () => {
      if (outcome === 'unreachable') {
        record.status = 'Failed';
        record.finalisedAt = darajaTimestamp(new Date());
        await queueTimeout();
        return;
      }
      if (outcome === 'timeoutThenPaid') {
        // The queue gives up on the request, but M-Pesa pays it out a moment later.
        await queueTimeout();
        ctx.later(settle);
        return;
      }
      await settle();
    });
    return acceptedRequest(conversation);
  });
}

/**
 * TransactionStatusQuery: accepted at once; the status is posted to ResultURL later, naming
 * the query's own conversation ids and echoing Occasion, as Daraja does.
 */
function registerTransactionStatus(ctx: DarajaSandboxContext): void {
  const { payments } = ctx;
  ctx.operation(
    '/mpesa/transactionstatus/v1/query',
    transactionStatusSchema,
    true,
    async (body, reply) => {
      const key = body.TransactionID?.trim() || body.OriginalConversationID?.trim() || '';
      if (!key) return badRequest(reply, 'TransactionID');
      const conversation = newConversation(randomUUID());
      ctx.later(async () => {
        const record = ctx.b2c.get(key);
        const reference = {
          ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: body.Occasion ?? '' } },
        };
        const notFound = {
          type: 0 as const,
          code: 2032,
          desc: 'The transaction could not be found.',
        };
        const found = {
          type: 0 as const,
          code: 0,
          desc: 'The service request is processed successfully.',
        };
        await ctx.post(
          body.ResultURL,
          conversationResult(
            conversation,
            { ...(record ? found : notFound), transactionId: record?.receipt ?? '' },
            record
              ? {
                  ResultParameters: {
                    ResultParameter: [
                      { Key: 'ReceiptNo', Value: record.receipt ?? '' },
                      { Key: 'Conversation ID', Value: record.conversationId },
                      { Key: 'Originator Conversation ID', Value: record.originatorConversationId },
                      { Key: 'FinalisedTime', Value: record.finalisedAt ?? '' },
                      { Key: 'Amount', Value: record.amount },
                      { Key: 'TransactionStatus', Value: record.status ?? 'Pending' },
                      { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
                      { Key: 'InitiatedTime', Value: record.initiatedAt },
                      { Key: 'CreditPartyName', Value: `${record.phone} - Sandbox Customer` },
                      { Key: 'DebitPartyName', Value: `${payments.b2cShortcode} - Dau` },
                    ],
                  },
                  ...reference,
                }
              : reference,
          ),
        );
      });
      return acceptedRequest(conversation);
    },
  );
}

/**
 * TransactionReversal: gives a completed transaction's money back to whoever paid it — the
 * customer of an STK or paybill payment, the business of a payout. An unknown receipt, a wrong
 * amount or a second reversal fail with Daraja's R-codes.
 */
function registerReversal(ctx: DarajaSandboxContext): void {
  const { accounts } = ctx;
  ctx.operation('/mpesa/reversal/v1/request', reversalSchema, true, async (body, reply) => {
    if (!Number.isFinite(body.Amount) || body.Amount <= 0) return badRequest(reply, 'Amount');
    const conversation = newConversation(randomUUID());
    ctx.later(async () => {
      const original = ctx.receipts.get(body.TransactionID);
      const refusal = !original
        ? 'The original transaction ID is invalid.'
        : original.reversed
          ? 'The transaction has already been reversed.'
          : original.amount !== body.Amount
            ? 'The amount to reverse does not match the original transaction.'
            : null;
      const result = (code: string | number, desc: string, id: string, more: object = {}) =>
        conversationResult(
          conversation,
          { type: 0, code, desc, transactionId: id },
          {
            ...more,
            ReferenceData: {
              ReferenceItem: [
                { Key: 'QueueTimeoutURL', Value: body.QueueTimeOutURL },
                { Key: 'Occasion', Value: body.Occasion ?? '' },
              ],
            },
          },
        );
      if (!original || refusal) {
        const code = original?.reversed ? 'R000001' : 'R000002';
        await ctx.post(body.ResultURL, result(code, refusal!, ''));
        return;
      }
      original.reversed = true;
      if (original.from === 'business') accounts.utility += original.amount * 100;
      else accounts.working -= original.amount * 100;
      const reversal = receipt();
      await ctx.post(
        body.ResultURL,
        result(0, 'The service request is processed successfully.', reversal, {
          ResultParameters: {
            ResultParameter: [
              { Key: 'DebitAccountBalance', Value: accountBalanceText(accounts).split('&')[0] },
              { Key: 'Amount', Value: original.amount },
              { Key: 'TransCompletedTime', Value: Number(darajaTimestamp(new Date())) },
              { Key: 'OriginalTransactionID', Value: original.receipt },
              { Key: 'Charge', Value: 0 },
              { Key: 'CreditPartyPublicName', Value: `${original.phone} - Sandbox Customer` },
              { Key: 'DebitPartyPublicName', Value: `${body.ReceiverParty} - Dau` },
            ],
          },
        }),
      );
    });
    return acceptedRequest(conversation);
  });
}

/** AccountBalance: every account of the business, posted to ResultURL. */
function registerAccountBalance(ctx: DarajaSandboxContext): void {
  ctx.operation('/mpesa/accountbalance/v1/query', accountBalanceSchema, true, async (body) => {
    const conversation: Conversation = newConversation(randomUUID());
    ctx.later(async () => {
      await ctx.post(
        body.ResultURL,
        conversationResult(
          conversation,
          {
            type: 0,
            code: 0,
            desc: 'The service request is processed successfully.',
            transactionId: receipt(),
          },
          {
            ResultParameters: {
              ResultParameter: [
                { Key: 'AccountBalance', Value: accountBalanceText(ctx.accounts) },
                { Key: 'BOCompletedTime', Value: Number(darajaTimestamp(new Date())) },
              ],
            },
            ReferenceData: {
              ReferenceItem: { Key: 'QueueTimeoutURL', Value: body.QueueTimeOutURL },
            },
          },
        ),
      );
    });
    return acceptedRequest(conversation);
  });
}

import { z } from 'zod';
import { API_BASE } from '../http';
import { ACCOUNT_CORE_PATHS as P } from './paths';
import { datasourceEntrySchema } from './common';

/** `GET {core}/customer/profile/{siteId}/{country}/{lang}` (doc 1 §3, doc 2 §7). */
export const PROFILE_PATH = `${API_BASE.core}${P.profile(0, ':country', ':lang').replace('/0/', '/:siteId/')}`;

export const profileResponseSchema = z.object({
  hasErrors: z.literal(false),
  userName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  birthDate: z.string().nullable(),
  /** 1 male, 2 female. */
  gender: z.number().int().nullable(),
  idNumber: z.string().nullable(),
  incomeSourceId: z.number().int().nullable(),
  isPoliticallyExposed: z.boolean().nullable(),
  isCompliant: z.boolean(),
  isVerified: z.boolean(),
  primaryMobile: z.string(),
  phones: z.array(z.object({ mobile: z.string(), isPrimary: z.boolean() })),
  email: z.string().nullable(),
  /** Compliance fields this site asks for. */
  complianceFields: z.object({
    names: z.boolean(),
    dateOfBirth: z.boolean(),
    gender: z.boolean(),
    incomeSource: z.boolean(),
    politicallyExposed: z.boolean(),
    idNumber: z.boolean(),
  }),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const UPDATE_EMAIL_PATH = `${API_BASE.core}${P.updateEmail}`;
export const updateEmailRequestSchema = z.object({
  siteId: z.coerce.number().int().optional(),
  countryCode: z.string().max(8).optional(),
  languageCode: z.string().max(8).optional(),
  email: z.string().trim().max(200),
});
export const updateEmailResponseSchema = z.object({
  hasErrors: z.literal(false),
  /** The success text shown to the user. */
  value: z.string(),
  email: z.string(),
  datasource_entries: z.array(datasourceEntrySchema),
});

export const UPDATE_COMPLIANCE_PATH = `${API_BASE.core}${P.updateCompliance}`;
export const updateComplianceRequestSchema = z.object({
  siteId: z.coerce.number().int().optional(),
  countryCode: z.string().max(8).optional(),
  languageCode: z.string().max(8).optional(),
  firstName: z.string().trim().max(60).optional(),
  lastName: z.string().trim().max(60).optional(),
  /** ISO date YYYY-MM-DD. On site 4 it is taken from the ID number. */
  birthDate: z.string().max(20).optional(),
  gender: z.union([z.literal(1), z.literal(2)]).optional(),
  idNumber: z.string().trim().max(40).optional(),
  incomeSourceId: z.coerce.number().int().optional(),
  isPoliticallyExposed: z.boolean().optional(),
});
export type UpdateComplianceRequest = z.infer<typeof updateComplianceRequestSchema>;
export const updateComplianceResponseSchema = z.object({
  hasErrors: z.literal(false),
  fetchedObject: z.literal(true),
  /** 'User Compliance info has been  Updated!' (two spaces, as in the spec). */
  message: z.string(),
});

export const INCOME_SOURCES_PATH = `${API_BASE.core}${P.incomeSources}`;
export const incomeSourcesResponseSchema = z.object({
  isSuccess: z.literal(true),
  fetchedObjects: z.array(z.object({ incomeSourceId: z.number().int(), incomeSource: z.string() })),
});

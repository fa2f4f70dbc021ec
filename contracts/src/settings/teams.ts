import { z } from 'zod';
import { ListQuery } from '../envelope';
import { id } from '../inputs';

/** 01-console §7 Teams (backoffice teams an event belongs to). */
export const Team = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type Team = z.infer<typeof Team>;

/** The form, and the body of POST (create, no id) and PATCH (update, id) /backoffice/teams. */
export const TeamSave = z.object({
  id: id().optional(),
  name: z.string().trim().min(1).max(150),
});
export type TeamSave = z.infer<typeof TeamSave>;

export const TeamCreateRequest = z.object({ backofficeTeam: TeamSave.omit({ id: true }) });
export const TeamUpdateRequest = z.object({
  backofficeTeam: TeamSave.required({ id: true }),
});

export const TeamListQuery = ListQuery;
export const TeamListResult = z.object({ teams: z.array(Team), total: z.number().int() });
export type TeamListResult = z.infer<typeof TeamListResult>;

/** GET /search/teams?searchText: the event form's typeahead. */
export const TeamSearchQuery = z.object({ searchText: z.string().trim().max(150).default('') });

/**
 * Lot inspection requests on the server (issue 28 item 3; SCREENS.md TE-17, TE-18, TE-35; definitions
 * modules/te/definitions/documents.ts).
 *
 * save: §5 lot and date required (the definition); the lot exists and, when given, the site is the lot's and
 * the builder the site's — any other is §8 "Builder, site or lot not found."; the site and builder default from
 * the lot. A highrise request needs a building of the lot's site and a floor; an ordinary one takes the lot's.
 * schedule (Requested → Scheduled): a scheduled date on or after the requested date and an inspector.
 * pass / fail (Scheduled → Passed / Failed): the inspected date is the scheduled date; a pass marks the lot
 * Inspected, so Lots ready for inspection no longer lists it.
 */
import type { RuleIssue } from '@erp/shared/entities/define';
import { isTruthyFlag } from '@erp/server/entities/wire';
import type { EntityHooks } from '@erp/server/entities/hooks';
import { notFound, refuse, text } from './records.ts';
import { teDb } from './tables.generated.ts';
import { setField } from '@erp/server/entities/hooks';

export const inspectionHooks: EntityHooks = {
  async beforeWrite(_ctx, entityTrx, change) {
    const trx = teDb(entityTrx);
    const lotId = text(change.next['LotId']);
    const lot = await teDb(trx).selectFrom('te_lots').select(['site_id', 'building_id', 'floor']).where('lot_id', '=', lotId).executeTakeFirst();
    if (!lot) notFound('LotId');
    const siteId = text(lot.site_id);
    if (text(change.next['SiteId']) === '') setField(change, 'SiteId', siteId);
    else if (text(change.next['SiteId']) !== siteId) notFound('SiteId');
    const site = await teDb(trx).selectFrom('te_job_sites').select('builder_id').where('site_id', '=', siteId).executeTakeFirst();
    if (!site) notFound('SiteId');
    const builderId = text(site.builder_id);
    if (text(change.next['BuilderId']) === '') setField(change, 'BuilderId', builderId);
    else if (text(change.next['BuilderId']) !== builderId) notFound('BuilderId');
    if (isTruthyFlag(change.next['Highrise'])) {
      const issues: RuleIssue[] = [];
      const buildingId = text(change.next['BuildingId']);
      if (buildingId === '') issues.push({ field: 'BuildingId', key: 'te:rules.buildingRequired' });
      if (change.next['Floor'] == null || change.next['Floor'] === '') issues.push({ field: 'Floor', key: 'te:rules.floorRequired' });
      refuse(issues);
      const building = await teDb(trx).selectFrom('te_site_buildings').select('site_id').where('building_id', '=', buildingId).executeTakeFirst();
      if (!building || building.site_id !== siteId) notFound('BuildingId');
    } else if (change.mode === 'create' || change.changed.has('LotId')) {
      setField(change, 'BuildingId', lot.building_id ?? null);
      setField(change, 'Floor', lot.floor);
    }
  },
  actions: {
    schedule: {
      async guard(_ctx, run) {
        const issues: RuleIssue[] = [];
        const date = text(run.record['ScheduledDate']);
        if (date === '') issues.push({ field: 'ScheduledDate', key: 'te:rules.scheduleDateRequired' });
        else if (date < text(run.record['RequestedDate'])) issues.push({ field: 'ScheduledDate', key: 'te:rules.scheduleBeforeRequest' });
        if (text(run.record['InspectorId']) === '') issues.push({ field: 'InspectorId', key: 'te:rules.inspectorRequired' });
        refuse(issues);
      },
    },
    pass: {
      async effect(ctx, run) {
        await teDb(run.trx)
          .updateTable('te_lots')
          .set((eb) => ({ stage: 'Inspected', updated_by: ctx.user.userId, updated_on: run.now, version: eb('version', '+', 1) }))
          .where('lot_id', '=', text(run.record['LotId']))
          .where('stage', 'in', ['Planned', 'UnderConstruction', 'Ready'])
          .execute();
        return { set: { InspectedDate: run.record['ScheduledDate'] }, touched: ['te_lots'] };
      },
    },
    fail: {
      async effect(_ctx, run) {
        return { set: { InspectedDate: run.record['ScheduledDate'] } };
      },
    },
  },
};

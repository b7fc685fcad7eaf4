// The market calendar is shared with the newsletter's briefing; it lives in the kit.
export {
  articleWindow,
  dateColumn,
  fromDateColumn,
  longDate,
  marketDate,
  shareableSeconds,
  weekdayPattern,
} from '@probedge/kit';

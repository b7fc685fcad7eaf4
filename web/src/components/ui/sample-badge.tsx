import { SAMPLE_DATA_LABEL } from '@probedge/proto';
import { SampleBadgeBox } from './sample-badge.styles';

/** Beside every figure from the sample market-data provider: they are never shown as real. */
export function SampleBadge() {
  return <SampleBadgeBox>{SAMPLE_DATA_LABEL}</SampleBadgeBox>;
}

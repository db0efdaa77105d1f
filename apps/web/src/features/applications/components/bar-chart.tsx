import { useId } from 'react';
import { CHART } from '@visa/shared/staff-texts';

interface BarDatum {
  label: string;
  value: number;
}

interface Props {
  title: string;
  data: BarDatum[];
  /** Name of what is counted, for the summary read by screen readers: 'applications'. */
  unit: string;
  /** Heading of the label column of the table of numbers: 'Month'. */
  labelHeading: string;
}

const ROW = 24;
const LABEL_WIDTH = 130;
const BAR_AREA = 300;
const VALUE_GAP = 6;
const WIDTH = LABEL_WIDTH + BAR_AREA + 48;

/**
 * A horizontal bar chart in plain SVG (no chart library is installed). Screen readers get a
 * one-line summary from the SVG's title and description; everyone gets each number printed next
 * to its bar and, under the chart, the same numbers as a table.
 */
export function BarChart({ title, data, unit, labelHeading }: Props) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const top = [...data].sort((a, b) => b.value - a.value)[0];
  const summary = CHART.summary(unit, total, top);
  const height = data.length * ROW + 4;

  return (
    <figure className="mb-0">
      <figcaption className="h6" id={`${id}-caption`}>
        {title}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        style={{ maxWidth: WIDTH * 1.4 }}
        className="d-block"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {data.map((d, i) => {
          const y = i * ROW + 2;
          const width = Math.round((d.value / max) * BAR_AREA);
          return (
            <g key={d.label} aria-hidden="true">
              <text x={LABEL_WIDTH - 8} y={y + ROW / 2} dominantBaseline="middle" textAnchor="end" fontSize="12" fill="#1f2937">
                {d.label}
              </text>
              <rect x={LABEL_WIDTH} y={y + 3} width={Math.max(width, d.value > 0 ? 2 : 0)} height={ROW - 6} rx="2" fill="#b91c1c" />
              <text x={LABEL_WIDTH + width + VALUE_GAP} y={y + ROW / 2} dominantBaseline="middle" fontSize="12" fill="#1f2937">
                {d.value}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="mt-1">
        <summary className="small">Numbers of “{title}”</summary>
        <table className="table table-sm small mb-0">
          <thead>
            <tr>
              <th scope="col">{labelHeading}</th>
              <th scope="col" className="text-end">
                Count
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <td>{d.label}</td>
                <td className="text-end">{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

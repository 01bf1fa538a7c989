/** A calm, decorative map card with three pins; colours come from the theme tokens. */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 420 320" aria-hidden="true" focusable="false">
      <rect x="10" y="10" width="400" height="300" rx="28" fill="var(--color-primary-soft)" />
      <g fill="none" stroke="var(--color-primary)" strokeOpacity="0.16" strokeWidth="2">
        <path d="M10 92c70-26 132 18 204-6s128-40 196-10" />
        <path d="M10 162c86-30 150 22 222-2s118-44 178-18" />
        <path d="M10 236c60-18 140 20 214-4s122-36 186-14" />
      </g>
      <path
        d="M96 230C130 196 168 214 204 178S276 122 322 104"
        fill="none"
        stroke="var(--color-primary)"
        strokeWidth="3"
        strokeDasharray="2 10"
        strokeLinecap="round"
      />
      <g>
        <ellipse cx="96" cy="244" rx="14" ry="4" fill="var(--color-primary)" opacity="0.2" />
        <path
          d="M96 242s-22-19-22-37a22 22 0 0 1 44 0c0 18-22 37-22 37z"
          fill="var(--color-visited)"
        />
        <path
          d="m87 205 6 6 12-12"
          fill="none"
          stroke="var(--color-surface)"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <g>
        <ellipse cx="204" cy="192" rx="14" ry="4" fill="var(--color-primary)" opacity="0.2" />
        <path
          d="M204 190s-22-19-22-37a22 22 0 0 1 44 0c0 18-22 37-22 37z"
          fill="var(--color-primary)"
        />
        <circle cx="204" cy="153" r="8" fill="var(--color-surface)" />
      </g>
      <g>
        <ellipse cx="322" cy="118" rx="16" ry="5" fill="var(--color-primary)" opacity="0.2" />
        <path
          d="M322 116s-26-22-26-43a26 26 0 0 1 52 0c0 21-26 43-26 43z"
          fill="var(--color-star)"
        />
        <path
          d="m322 60 4.2 8.6 9.4 1.4-6.8 6.6 1.6 9.4-8.4-4.4-8.4 4.4 1.6-9.4-6.8-6.6 9.4-1.4z"
          fill="var(--color-surface)"
        />
      </g>
      <g>
        <rect x="236" y="222" width="150" height="62" rx="14" fill="var(--color-surface)" />
        <rect
          x="252"
          y="238"
          width="78"
          height="10"
          rx="5"
          fill="var(--color-text)"
          opacity="0.75"
        />
        <g fill="var(--color-star)">
          {[0, 1, 2, 3, 4].map((index) => (
            <circle
              key={index}
              cx={258 + index * 16}
              cy={266}
              r="5"
              opacity={index < 4 ? 1 : 0.3}
            />
          ))}
        </g>
      </g>
    </svg>
  );
}

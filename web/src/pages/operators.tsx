// The operators' page (docs/operations.md): the stack's figures as `foodgames top` shows them,
// one line per service and one for the whole stack, from the gateway's OperationsService
// (an operator's token only), asked again every interval; below, small time-series charts
// (uPlot, as the player's rating chart) of the samples the gateway keeps. The operator's
// token is kept for this tab apart from any player's sign-in: an operator need not play.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { createClient, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { useEffect, useRef, useState } from "preact/hooks";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "./operators.css";
import { Code, codeOf, reasonOf } from "../api";
import { OperationsService, type ServiceFigures, type StackSample } from "../gen/foodgames/v1/operations_pb";
import { decimals } from "../numbers";
import { language, t } from "../i18n";
import { TileName } from "../table/card";

const TOKEN = "foodgames.operator-token";

function storedToken(): string {
  try {
    return sessionStorage.getItem(TOKEN) ?? "";
  } catch {
    return "";
  }
}

function client(token: string) {
  const withToken: Interceptor = (next) => async (request) => {
    request.header.set("Authorization", `Bearer ${token}`);
    request.header.set("Accept-Language", language.value);
    return await next(request);
  };
  return createClient(OperationsService, createConnectTransport({ baseUrl: window.location.origin,
                                                                  interceptors: [withToken] }));
}

type Figure = Exclude<keyof ServiceFigures, "$typeName" | "$unknown" | "service" | "up" | "error" | "restarted">;

// the columns, as `foodgames top`'s: [figure, its text's id, digits]
const COLUMNS: [Figure, string, number][] = [
  ["tables", "operators-tables", 0], ["movesPerSecond", "operators-moves", 1],
  ["refusedPerSecond", "operators-refused", 1], ["p50Milliseconds", "operators-p50", 2],
  ["p99Milliseconds", "operators-p99", 2], ["queued", "operators-queued", 0],
  ["waitP50Seconds", "operators-wait-p50", 1], ["waitP99Seconds", "operators-wait-p99", 1],
  ["consumerLag", "operators-lag", 0], ["errorsPerSecond", "operators-errors", 1],
  ["cpuPercent", "operators-cpu", 1], ["memoryMegabytes", "operators-memory", 0],
  ["eventLoopLagMilliseconds", "operators-loop", 1],
];

function number(value: number | undefined, digits: number): string {
  if (value === undefined) return "–";
  return decimals(value, digits);
}

function state(f: ServiceFigures): string {
  return f.up ? t(f.restarted ? "operators-restarted" : "operators-up") : t("operators-down");
}

function Row({ figures, stack, services }: { figures: ServiceFigures; stack?: boolean; services?: ServiceFigures[] }) {
  const up = services?.filter((s) => s.up).length ?? 0;
  return (
    <tr data-service={figures.service} data-up={String(figures.up)} data-restarted={String(figures.restarted)}
        class={stack ? "op-stack" : figures.up ? "" : "op-down"}>
      <th scope="row">{stack ? t("operators-stack") : figures.service}</th>
      <td class="op-state">{stack ? t("operators-stack-state", { up, services: services?.length ?? 0 }) : state(figures)}</td>
      {COLUMNS.map(([name, , digits]) => {
        const value = figures[name] as number | undefined;
        return <td data-figure={name} data-value={value === undefined ? "" : String(value)}>{number(value, digits)}</td>;
      })}
    </tr>
  );
}

type Series = { label: string; stroke: string; values: (s: StackSample) => number | null };

function Chart({ id, title, samples, series }: { id: string; title: string; samples: StackSample[]; series: Series[] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const data = [samples.map((s) => (s.at ? timestampDate(s.at).getTime() / 1000 : 0)),
                ...series.map((line) => samples.map(line.values))] as uPlot.AlignedData;
  useEffect(() => {
    if (!box.current) return;
    chart.current = new uPlot({
      width: Math.min(340, box.current.clientWidth || 340), height: 150, title, scales: { x: { time: true } },
      series: [{ label: t("operators-time") }, ...series.map((s) => ({ label: s.label, stroke: s.stroke, width: 2 }))],
      // the series named without values: "time: --" and "accepted: --" where no pointer hovers
      // read as figures missing; the time axis as a clock in the reader's language (uPlot wrote
      // ":14.000" for the first seconds)
      legend: { live: false },
      axes: [{ space: 70, values: (_u, ticks) => ticks.map((v) => clock(v)) }, {}],
    }, data, box.current);
    return () => { chart.current?.destroy(); chart.current = null; };
  }, []);
  useEffect(() => { chart.current?.setData(data); }, [samples]);
  return <div class="op-chart" id={id} data-points={samples.length} ref={box} />;
}

/** A time axis's tick (seconds since the epoch) as a clock: "01:30:14", "1:30:14 AM". */
const clock = (seconds: number) => new Date(seconds * 1000).toLocaleTimeString(language.value,
  { hour: "2-digit", minute: "2-digit", second: "2-digit" });

const worst = (pick: (f: ServiceFigures) => number | undefined) => (s: StackSample): number | null => {
  const values = s.services.map(pick).filter((v): v is number => v !== undefined);
  return values.length ? Math.max(...values) : null;
};

function Charts({ samples }: { samples: StackSample[] }) {
  const of = (pick: (f: ServiceFigures) => number | undefined) => (s: StackSample) => (s.stack ? pick(s.stack) ?? null : null);
  return (
    <div class="op-charts">
      <Chart id="op-chart-moves" title={t("operators-chart-moves")} samples={samples} series={[
        { label: t("operators-accepted"), stroke: "#2a6f4e", values: of((f) => f.movesPerSecond) },
        { label: t("operators-refused-series"), stroke: "#b5452b", values: of((f) => f.refusedPerSecond) }]} />
      <Chart id="op-chart-latency" title={t("operators-chart-latency")} samples={samples} series={[
        { label: "p99", stroke: "#3b5b9a", values: worst((f) => f.p99Milliseconds) }]} />
      <Chart id="op-chart-waits" title={t("operators-chart-waits")} samples={samples} series={[
        { label: "p99", stroke: "#7a4f9a", values: of((f) => f.waitP99Seconds) }]} />
      <Chart id="op-chart-lag" title={t("operators-chart-lag")} samples={samples} series={[
        { label: t("operators-lag"), stroke: "#9a7a1f", values: of((f) => f.consumerLag) }]} />
      <Chart id="op-chart-errors" title={t("operators-chart-errors")} samples={samples} series={[
        { label: t("operators-errors"), stroke: "#b5452b", values: of((f) => f.errorsPerSecond) }]} />
    </div>
  );
}

function TokenForm({ onToken }: { onToken: (token: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <form class="card-panel" id="op-token-form" onSubmit={(e) => { e.preventDefault(); onToken(value.trim()); }}>
      <label for="op-token">{t("operators-token-label")}</label>
      <input id="op-token" type="password" autocomplete="off" value={value}
             onInput={(e) => setValue((e.target as HTMLInputElement).value)} />
      <p>{t("operators-token-hint")} <code>foodgames token ops --role operator</code></p>
      <button id="op-open" type="submit" disabled={!value.trim()}>{t("operators-open")}</button>
    </form>
  );
}

export function OperatorsPage() {
  const [token, setToken] = useState(storedToken());
  const [samples, setSamples] = useState<StackSample[]>([]);
  const [interval, setIntervalS] = useState(2);
  const [error, setError] = useState("");
  useEffect(() => {
    if (!token) return;
    const api = client(token);
    let stopped = false;
    let timer: number | undefined;
    const ask = async () => {
      let wait = interval;
      try {
        const reply = await api.getStackFigures({});
        if (stopped) return;
        setSamples(reply.samples);
        setError("");
        wait = reply.intervalSeconds || interval;
        setIntervalS(wait);
      } catch (err) {
        if (stopped) return;
        setError(reasonOf(err));
        const code = codeOf(err);
        if (code === Code.PermissionDenied || code === Code.Unauthenticated) {
          forget(); // this token will not do: ask for another
          return;
        }
      }
      timer = window.setTimeout(ask, wait * 1000);
    };
    void ask();
    return () => { stopped = true; window.clearTimeout(timer); };
  }, [token]);

  function keep(next: string) {
    try { sessionStorage.setItem(TOKEN, next); } catch { /* kept for this page only */ }
    setError("");
    setToken(next);
  }
  function forget() {
    try { sessionStorage.removeItem(TOKEN); } catch { /* nothing kept */ }
    setSamples([]);
    setToken("");
  }

  const latest = samples[samples.length - 1];
  const down = latest?.services.filter((s) => !s.up) ?? [];
  return (
    <section class="card-panel operators-page">
      <h1>{t("operators-title")}</h1>
      {!token && <TokenForm onToken={keep} />}
      {token && !latest && !error && <p id="op-waiting">{t("operators-waiting")}</p>}
      {token && latest && <>
        <p id="op-updated" data-samples={samples.length}
           data-at={latest.at ? String(timestampDate(latest.at).getTime()) : ""}>
          {t("operators-updated", {
            time: latest.at ? timestampDate(latest.at).toLocaleTimeString(language.value) : "",
            seconds: number(interval, 0),
            minutes: Math.max(1, Math.round((samples.length * interval) / 60)),
          })}{" "}
          <button id="op-forget" type="button" onClick={forget}>{t("operators-forget")}</button>
        </p>
        <div class="op-scroll" tabIndex={0} role="region" aria-label={t("operators-title")}>
          <table id="op-figures">
            <thead>
              <tr>
                <th scope="col">{t("operators-service")}</th><th scope="col">{t("operators-state")}</th>
                {COLUMNS.map(([, text]) => <th scope="col"><TileName text={t(text)} /></th>)}
              </tr>
            </thead>
            <tbody>
              {latest.services.map((s) => <Row figures={s} />)}
              {latest.stack && <Row figures={latest.stack} stack services={latest.services} />}
            </tbody>
          </table>
        </div>
        {down.length > 0 && <ul id="op-down">{down.map((s) => (
          <li>{s.service}: {t("operators-why-down")} <code>{s.error}</code></li>))}</ul>}
        <Charts samples={samples} />
      </>}
      <p class="error" role="alert" id="op-error">{error}</p>
    </section>
  );
}

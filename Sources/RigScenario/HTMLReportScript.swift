/// The style and the drawing script of the HTML report (`HTMLReport`): plain CSS and JavaScript, no library, no network.
///
/// The script reads the run from the page's `#rigkit-run` JSON and draws every plot as an inline SVG element with class
/// `plot` and the plot's title in `data-title`, so a browser test can find them.
enum HTMLReportScript {
    static let style = #"""
    body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}
    h1{font-size:20px}table{border-collapse:collapse}td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
    .passed{color:#1a7f37}.failed{color:#c62828}.skipped{color:#777}
    details{margin:6px 0;border:1px solid #ddd;border-radius:6px;padding:6px 10px}
    summary{cursor:pointer;font-weight:600}pre{background:#f6f6f6;padding:8px;white-space:pre-wrap}
    svg text{font:11px system-ui,sans-serif}h3{font-size:14px;margin:12px 0 4px}
    #filters{margin:10px 0}#filters label{margin-right:14px}
    .timeline td{border:none;padding:0 8px 0 0;font-size:12px}.timeline td:first-child{max-width:360px}
    .plot{display:block;margin:6px 0 10px}.tag{background:#eef;border-radius:4px;padding:0 4px;margin-right:4px;font-size:12px}
    """#

    static let script = #"""
    (function(){
    const run = JSON.parse(document.getElementById('rigkit-run').textContent);
    const colors = ['#1f77b4','#d62728','#2ca02c','#ff7f0e','#9467bd','#8c564b','#e377c2','#17becf'];
    const NS = 'http://www.w3.org/2000/svg';
    function el(tag, attrs, text){ const e = document.createElement(tag); for (const k in attrs||{}) e.setAttribute(k, attrs[k]); if (text!==undefined) e.textContent = text; return e; }
    function sv(tag, attrs, text){ const e = document.createElementNS(NS, tag); for (const k in attrs||{}) e.setAttribute(k, attrs[k]); if (text!==undefined) e.textContent = text; return e; }
    function num(x){ if (!isFinite(x)) return String(x); const a = Math.abs(x); if (a!==0 && (a<0.01 || a>=1e6)) return x.toExponential(2); return String(+x.toPrecision(4)); }
    function secs(x){ return num(x) + ' s'; }
    const order = {failed:0, skipped:1, passed:2};
    const scenarios = run.scenarios.map((s,i)=>Object.assign({index:i}, s)).sort((a,b)=>(order[a.status]-order[b.status]) || (a.index-b.index));

    // Filters: result, tag, name.
    const filters = document.getElementById('filters');
    const result = el('select', {id:'filter-result'});
    for (const v of ['all','failed','passed','skipped']) result.appendChild(el('option', {value:v}, v));
    const tag = el('select', {id:'filter-tag'});
    tag.appendChild(el('option', {value:''}, 'any tag'));
    const tags = []; for (const s of run.scenarios) for (const t of s.tags) if (!tags.includes(t)) tags.push(t);
    for (const t of tags.sort()) tag.appendChild(el('option', {value:t}, t));
    const text = el('input', {id:'filter-text', type:'search', placeholder:'scenario name'});
    const l1 = el('label', {}, 'result '); l1.appendChild(result);
    const l2 = el('label', {}, 'tag '); l2.appendChild(tag);
    const l3 = el('label', {}, 'name '); l3.appendChild(text);
    filters.append(l1, l2, l3);

    const report = document.getElementById('report');
    const table = el('table', {id:'summary'});
    const head = el('tr'); for (const h of ['scenario','result','rig time','wall','tags']) head.appendChild(el('th', {}, h));
    table.appendChild(head); report.appendChild(table);
    const rows = [];
    for (const s of scenarios) {
      const tr = el('tr', {'data-status':s.status});
      const a = el('a', {href:'#s'+s.index}, s.name); const td = el('td'); td.appendChild(a); tr.appendChild(td);
      tr.appendChild(el('td', {class:s.status}, s.status));
      tr.appendChild(el('td', {}, secs(s.rigSeconds)));
      tr.appendChild(el('td', {}, num(s.wallMilliseconds) + ' ms'));
      tr.appendChild(el('td', {}, s.tags.join(', ')));
      table.appendChild(tr);
      const {d, draw} = details(s); report.appendChild(d);
      rows.push({s, tr, d, draw});
    }
    function apply(){
      const r = result.value, t = tag.value, q = text.value.toLowerCase();
      for (const {s, tr, d} of rows) {
        const show = (r==='all' || s.status===r) && (!t || s.tags.includes(t)) && (!q || s.name.toLowerCase().includes(q));
        tr.style.display = show ? '' : 'none'; d.style.display = show ? '' : 'none';
      }
    }
    result.onchange = apply; tag.onchange = apply; text.oninput = apply;

    function details(s){
      const d = el('details', {id:'s'+s.index, 'data-status':s.status});
      if (s.status==='failed') d.open = true;
      d.appendChild(el('summary', {class:s.status}, s.name + ' — ' + s.status));
      const p = el('p', {}, s.location + ' · ' + secs(s.rigSeconds) + ' of rig time ');
      for (const t of s.tags) p.appendChild(el('span', {class:'tag'}, t));
      d.appendChild(p);
      if (s.skipReason) d.appendChild(el('p', {class:'skipped'}, 'Skipped: ' + s.skipReason));
      for (const f of s.failures) d.appendChild(el('pre', {class:'failed'}, f));
      // Drawn when first opened: a page of a hundred scenarios stays quick.
      let drawn = false;
      const draw = ()=>{ if (drawn) return; drawn = true; drawScenario(d, s); };
      if (d.open) draw(); d.addEventListener('toggle', ()=>{ if (d.open) draw(); });
      return {d, draw};
    }

    function drawScenario(d, s){
      if (s.steps.length || s.events.length) { d.appendChild(el('h3', {}, 'Timeline')); d.appendChild(timeline(s)); }
      if (s.plots.length) {
        d.appendChild(el('h3', {}, 'Signals'));
        for (const plot of s.plots) d.appendChild(drawPlot(plot, s.rigSeconds));
      }
      if (s.measurements.length) { d.appendChild(el('h3', {}, 'Measurements')); d.appendChild(measurements(s.measurements)); }
    }

    // Steps as bars under their full names, then each source's events as ticks, over the scenario's rig time.
    function timeline(s){
      const total = Math.max(s.rigSeconds, 0.001), W = 620;
      const t = el('table', {class:'timeline'});
      function row(name, title, fill){
        const tr = el('tr'); tr.appendChild(el('td', {title:title||name}, name));
        const td = el('td'); const svg = sv('svg', {width:W, height:16}); fill(svg, x => x/total*(W-2)+1); td.appendChild(svg); tr.appendChild(td); t.appendChild(tr);
      }
      for (const st of s.steps) row(st.name, st.name + ' (' + secs(st.start) + ' – ' + secs(st.end) + ')', (svg, x)=>{
        const r = sv('rect', {x:x(st.start), y:2, width:Math.max(x(st.end)-x(st.start), 2), height:12, fill: st.passed ? '#7cc18a' : '#e57373'});
        r.appendChild(sv('title', {}, st.name)); svg.appendChild(r);
      });
      for (const src of s.events) row(src.source, src.times.length + ' event times', (svg, x)=>{
        for (const tt of src.times) svg.appendChild(sv('line', {x1:x(tt), x2:x(tt), y1:3, y2:13, stroke:'#5c6bc0'}));
      });
      row('', '', (svg)=>{ svg.appendChild(sv('text', {x:1, y:12}, '0 s')); svg.appendChild(sv('text', {x:W-70, y:12}, secs(s.rigSeconds))); });
      return t;
    }

    // One plot: its series as lines (or steps), guides as dashed lines, marks as ticks, axes with a few labels.
    function drawPlot(plot, rigSeconds){
      const W = 860, L = 64, R = 170, T = 18;
      const onlyMarks = plot.series.length === 0;
      const H = onlyMarks ? 64 : 190, B = 28;
      let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
      for (const se of plot.series) for (let i=0;i<se.x.length;i++){ x0=Math.min(x0,se.x[i]); x1=Math.max(x1,se.x[i]); y0=Math.min(y0,se.y[i]); y1=Math.max(y1,se.y[i]); }
      for (const m of plot.marks) { x0=Math.min(x0,m.x); x1=Math.max(x1,m.x); }
      if (plot.xAxis === 'rig time (s)') { x0 = 0; x1 = Math.max(x1, rigSeconds, 0.001); }
      for (const g of plot.guides) { y0=Math.min(y0,g.value); y1=Math.max(y1,g.value); }
      if (!isFinite(x0)) { x0 = 0; x1 = 1; } if (x1 <= x0) x1 = x0 + 1;
      if (!isFinite(y0)) { y0 = 0; y1 = 1; } if (y1 <= y0) { y0 -= 1; y1 += 1; }
      const pad = (y1-y0)*0.06; y0 -= pad; y1 += pad;
      const X = x => L + (x-x0)/(x1-x0)*(W-L-R), Y = y => T + (1-(y-y0)/(y1-y0))*(H-T-B);
      const svg = sv('svg', {class:'plot', 'data-title':plot.title, width:W, height:H, role:'img', 'aria-label':plot.title});
      svg.appendChild(sv('text', {x:L, y:12, 'font-weight':'600'}, plot.title + (plot.unit ? ' (' + plot.unit + ')' : '')));
      svg.appendChild(sv('rect', {x:L, y:T, width:W-L-R, height:H-T-B, fill:'none', stroke:'#ccc'}));
      for (let i=0;i<=4;i++) {
        const xv = x0 + (x1-x0)*i/4; svg.appendChild(sv('text', {x:X(xv)-(i===4?30:i===0?0:14), y:H-B+13}, num(xv)));
        if (!onlyMarks) { const yv = y0 + (y1-y0)*i/4; svg.appendChild(sv('text', {x:2, y:Y(yv)+4}, num(yv))); svg.appendChild(sv('line', {x1:L, x2:W-R, y1:Y(yv), y2:Y(yv), stroke:'#f0f0f0'})); }
      }
      svg.appendChild(sv('text', {x:L+(W-L-R)/2-30, y:H-3}, plot.xAxis));
      let lastLabel = -Infinity;   // labels of guides close together are pushed apart, top to bottom
      plot.guides.slice().sort((a,b)=>b.value-a.value).forEach((g)=>{
        svg.appendChild(sv('line', {x1:L, x2:W-R, y1:Y(g.value), y2:Y(g.value), stroke:'#888', 'stroke-dasharray':'5 4'}));
        const y = Math.max(Y(g.value)+4, lastLabel+12); lastLabel = y;
        svg.appendChild(sv('text', {x:W-R+4, y:y, fill:'#555'}, g.label));
      });
      plot.series.forEach((se, i)=>{
        const c = colors[i % colors.length];
        let dpath = '';
        for (let k=0;k<se.x.length;k++) {
          const px = X(se.x[k]).toFixed(1), py = Y(se.y[k]).toFixed(1);
          if (k===0) dpath += 'M'+px+' '+py; else if (se.stepped) dpath += 'H'+px+'V'+py; else dpath += 'L'+px+' '+py;
        }
        if (se.stepped && se.x.length) dpath += 'H'+X(plot.xAxis === 'rig time (s)' ? x1 : se.x[se.x.length-1]).toFixed(1);
        const path = sv('path', {d:dpath, fill:'none', stroke:c, 'stroke-width':1.3, class:'series', 'data-series':se.name});
        path.appendChild(sv('title', {}, se.name)); svg.appendChild(path);
        if (se.x.length === 1) svg.appendChild(sv('circle', {cx:X(se.x[0]), cy:Y(se.y[0]), r:2.5, fill:c}));
        svg.appendChild(sv('rect', {x:W-R+4, y:T+4+i*14+(plot.guides.length?60:0), width:10, height:3, fill:c}));
        svg.appendChild(sv('text', {x:W-R+18, y:T+9+i*14+(plot.guides.length?60:0)}, se.name));
      });
      const labelled = plot.marks.length <= 12;
      for (const m of plot.marks) {
        const line = sv('line', {x1:X(m.x), x2:X(m.x), y1: onlyMarks ? T : H-B-10, y2:H-B, stroke:'#e65100', class:'mark'});
        line.appendChild(sv('title', {}, m.label + ' at ' + num(m.x))); svg.appendChild(line);
        if (labelled && onlyMarks) svg.appendChild(sv('text', {x:X(m.x)+2, y:T+12, fill:'#e65100'}, m.label.slice(0, 28)));
      }
      return svg;
    }

    // Each measurement with its value drawn against its limits.
    function measurements(list){
      const t = el('table');
      const h = el('tr'); for (const c of ['measurement','value','limits','','step']) h.appendChild(el('th', {}, c)); t.appendChild(h);
      for (const m of list) {
        const tr = el('tr');
        tr.appendChild(el('td', {}, m.name));
        tr.appendChild(el('td', {class: m.passed ? 'passed' : 'failed'}, num(m.value) + ' ' + m.unit));
        const limits = (m.low!=null && m.high!=null) ? num(m.low) + '…' + num(m.high) : '';
        tr.appendChild(el('td', {}, limits));
        const td = el('td');
        if (limits) {
          const W = 220, lo = Math.min(m.low, m.value), hi = Math.max(m.high, m.value), span = (hi-lo) || 1;
          const X = x => 6 + (x-(lo-span*0.1))/(span*1.2)*(W-12);
          const svg = sv('svg', {width:W, height:16, class:'limits'});
          svg.appendChild(sv('line', {x1:6, x2:W-6, y1:8, y2:8, stroke:'#ddd'}));
          svg.appendChild(sv('rect', {x:X(m.low), y:3, width:Math.max(X(m.high)-X(m.low),1), height:10, fill:'#c8e6c9'}));
          svg.appendChild(sv('circle', {cx:X(m.value), cy:8, r:4, fill: m.passed ? '#1a7f37' : '#c62828'}));
          td.appendChild(svg);
        }
        tr.appendChild(td);
        tr.appendChild(el('td', {}, m.step || ''));
        t.appendChild(tr);
      }
      return t;
    }
    // '#all' opens every scenario; '#sN' opens that one.
    function openTarget(){
      const h = location.hash.slice(1);
      for (const r of rows) if (h === 'all' || h === 's' + r.s.index) { r.d.open = true; r.draw(); }
    }
    openTarget(); window.addEventListener('hashchange', openTarget);
    document.body.setAttribute('data-rendered', String(rows.length));
    })();
    """#
}

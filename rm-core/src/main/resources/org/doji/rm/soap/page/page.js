// Doji service page: the try-it forms. Each form posts its (edited) envelope to its own port, on this server
// only, and shows the raw answer as text (never as markup).
'use strict';
(function () {
  function indent(xml) {
    let doc;
    try {
      doc = new DOMParser().parseFromString(xml, 'application/xml');
    } catch (e) {
      return xml;
    }
    if (!doc || doc.getElementsByTagName('parsererror').length > 0) {
      return xml;
    }
    const out = [];
    const attrs = n => Array.from(n.attributes).map(a => ' ' + a.name + '="' + a.value + '"').join('');
    const walk = (node, depth) => {
      const pad = '  '.repeat(depth);
      const children = Array.from(node.childNodes).filter(c => c.nodeType !== 3 || c.nodeValue.trim() !== '');
      if (children.length === 0) {
        out.push(pad + '<' + node.nodeName + attrs(node) + '/>');
      } else if (children.length === 1 && children[0].nodeType === 3) {
        out.push(pad + '<' + node.nodeName + attrs(node) + '>' + children[0].nodeValue + '</' + node.nodeName + '>');
      } else {
        out.push(pad + '<' + node.nodeName + attrs(node) + '>');
        children.forEach(c => c.nodeType === 1 ? walk(c, depth + 1) : out.push('  '.repeat(depth + 1) + c.nodeValue.trim()));
        out.push(pad + '</' + node.nodeName + '>');
      }
    };
    walk(doc.documentElement, 0);
    return out.join('\n');
  }

  // a UsernameToken is accepted once and only while fresh: each send gets its own Nonce and Created
  function freshToken(envelope) {
    const nonce = new Uint8Array(16);
    window.crypto.getRandomValues(nonce);
    return envelope.replace('>NONCE<', '>' + btoa(String.fromCharCode.apply(null, nonce)) + '<')
      .replace('>CREATED<', '>' + new Date().toISOString() + '<');
  }

  function sameServer(endpoint) {
    // a path on this server, nothing else (no scheme, no host, no protocol-relative //host)
    return typeof endpoint === 'string' && endpoint.startsWith('/') && !endpoint.startsWith('//')
      && new URL(endpoint, window.location.href).origin === window.location.origin;
  }

  document.querySelectorAll('form.try').forEach(form => {
    form.addEventListener('submit', async event => {
      event.preventDefault();
      const status = form.querySelector('.status');
      const answer = form.querySelector('.answer');
      const endpoint = form.dataset.endpoint;
      if (!sameServer(endpoint)) {
        status.textContent = 'refused: the form posts to this server only';
        return;
      }
      const action = form.dataset.soapAction || '';
      const headers = {};
      if (form.dataset.soap12 === 'true') {
        headers['Content-Type'] = 'application/soap+xml; charset=utf-8; action="' + action + '"';
      } else {
        headers['Content-Type'] = 'text/xml; charset=utf-8';
        headers['SOAPAction'] = '"' + action + '"';
      }
      status.textContent = 'sending…';
      answer.hidden = true;
      const started = performance.now();
      try {
        const response = await fetch(endpoint, {
          method: 'POST', headers: headers, body: freshToken(form.querySelector('textarea').value),
          credentials: 'same-origin', redirect: 'error', cache: 'no-store'
        });
        const text = await response.text();
        status.textContent = 'HTTP ' + response.status + ' · ' + (response.headers.get('Content-Type') || '') + ' · '
          + Math.round(performance.now() - started) + ' ms';
        form.dataset.httpStatus = String(response.status);
        answer.textContent = indent(text);
        answer.hidden = false;
      } catch (e) {
        status.textContent = 'failed: ' + e.message;
      }
    });
  });
})();

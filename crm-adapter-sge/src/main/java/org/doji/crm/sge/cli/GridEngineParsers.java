package org.doji.crm.sge.cli;

import java.io.StringReader;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.doji.crm.sge.cli.GridEngineModel.AdvanceReservation;
import org.doji.crm.sge.cli.GridEngineModel.ClusterStatus;
import org.doji.crm.sge.cli.GridEngineModel.ConfigObject;
import org.doji.crm.sge.cli.GridEngineModel.Host;
import org.doji.crm.sge.cli.GridEngineModel.Job;
import org.doji.crm.sge.cli.GridEngineModel.QueueInstance;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** Parsers for the outputs of qhost -xml, qstat -xml, qrstat -xml and qconf -s*. Pure functions. */
public final class GridEngineParsers {

    private GridEngineParsers() {
    }

    /** {@code qhost [-F slots] -xml}: the exec hosts (the pseudo host "global" is left out). */
    public static List<Host> hosts(String xml) {
        List<Host> hosts = new ArrayList<>();
        for (Element h : children(parse(xml).getDocumentElement(), "host")) {
            String name = h.getAttribute("name");
            if (name.equals("global")) {
                continue;
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (Element v : children(h, "hostvalue")) {
                values.put(v.getAttribute("name"), v.getTextContent().trim());
            }
            String procs = values.getOrDefault("num_proc", "-");
            int slotCap = 0;
            for (Element r : children(h, "resourcevalue")) {
                if (r.getAttribute("name").equals("slots") && r.getAttribute("dominance").startsWith("h")) {
                    slotCap = (int) Double.parseDouble(r.getTextContent().trim()); // printed as 1.000000
                }
            }
            hosts.add(new Host(name, values.getOrDefault("arch_string", "-"),
                    procs.matches("\\d+") ? Integer.parseInt(procs) : 0,
                    !values.getOrDefault("load_avg", "-").equals("-"), slotCap));
        }
        return hosts;
    }

    /** {@code qstat -xml -u '*' -f -r}: queue instances with their running jobs, and the pending jobs. */
    public static ClusterStatus status(String xml) {
        Element root = parse(xml).getDocumentElement();
        List<QueueInstance> instances = new ArrayList<>();
        Map<Long, Job> jobs = new LinkedHashMap<>();
        for (Element qi : descendants(root, "Queue-List")) {
            String full = text(qi, "name");
            int at = full.indexOf('@');
            instances.add(new QueueInstance(full.substring(0, at), full.substring(at + 1), text(qi, "state"),
                    integer(text(qi, "slots_used")), integer(text(qi, "slots_total"))));
            for (Element j : children(qi, "job_list")) {
                merge(jobs, job(j, full));
            }
        }
        for (Element pending : descendants(root, "job_info")) {
            if (pending == root) {
                continue;
            }
            for (Element j : children(pending, "job_list")) {
                merge(jobs, job(j, null));
            }
        }
        return new ClusterStatus(instances, new ArrayList<>(jobs.values()));
    }

    /** {@code qrstat -xml}: the advance reservations. */
    public static List<AdvanceReservation> reservations(String xml) {
        List<AdvanceReservation> ars = new ArrayList<>();
        for (Element ar : descendants(parse(xml).getDocumentElement(), "ar_summary")) {
            ars.add(new AdvanceReservation(Long.parseLong(text(ar, "id")), text(ar, "name"), text(ar, "owner"),
                    text(ar, "state"), LocalDateTime.parse(text(ar, "start_time")),
                    LocalDateTime.parse(text(ar, "end_time"))));
        }
        return ars;
    }

    /** {@code qconf -sql} and other one-name-per-line lists. */
    public static List<String> names(String text) {
        return text.lines().map(String::trim).filter(l -> !l.isEmpty()).toList();
    }

    /** {@code qconf -sq NAME}, {@code qconf -su NAME}: "attribute value" lines, long values continued with '\'. */
    public static ConfigObject config(String text) {
        Map<String, String> attributes = new LinkedHashMap<>();
        String key = null;
        StringBuilder value = new StringBuilder();
        for (String line : text.lines().toList()) {
            boolean continuation = key != null && value.toString().endsWith("\\");
            if (continuation) {
                value.setLength(value.length() - 1);
                value.append(line.trim());
            } else if (!line.isBlank()) {
                if (key != null) {
                    attributes.put(key, value.toString().trim());
                }
                String[] kv = line.trim().split("\\s+", 2);
                key = kv[0];
                value = new StringBuilder(kv.length > 1 ? kv[1].trim() : "");
            }
        }
        if (key != null) {
            attributes.put(key, value.toString().trim());
        }
        return new ConfigObject(attributes);
    }

    private static Job job(Element j, String queueInstance) {
        String qi = queueInstance != null ? queueInstance : text(j, "queue_name");
        String req = text(j, "hard_req_queue");
        return new Job(Long.parseLong(text(j, "JB_job_number")), text(j, "JB_name"), text(j, "JB_owner"),
                text(j, "state"), qi.isEmpty() ? List.of() : List.of(qi), req.isEmpty() ? null : req,
                integer(text(j, "slots")));
    }

    /** A parallel job appears once per queue instance it runs in: one job with all its instances. */
    private static void merge(Map<Long, Job> jobs, Job j) {
        jobs.merge(j.id(), j, (a, b) -> {
            List<String> qis = new ArrayList<>(a.queueInstances());
            b.queueInstances().stream().filter(q -> !qis.contains(q)).forEach(qis::add);
            return new Job(a.id(), a.name(), a.owner(), a.state(), qis,
                    a.requestedQueue() != null ? a.requestedQueue() : b.requestedQueue(), a.slots() + b.slots());
        });
    }

    private static Document parse(String xml) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return f.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        } catch (Exception e) {
            throw new GridEngineException("parse", "unparsable Grid Engine XML: " + e.getMessage());
        }
    }

    private static List<Element> children(Element parent, String tag) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) {
                out.add(e);
            }
        }
        return out;
    }

    private static List<Element> descendants(Element parent, String tag) {
        NodeList list = parent.getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            out.add((Element) list.item(i));
        }
        return out;
    }

    private static String text(Element parent, String tag) {
        List<Element> c = children(parent, tag);
        return c.isEmpty() ? "" : c.get(0).getTextContent().trim();
    }

    private static int integer(String s) {
        return s.matches("\\d+") ? Integer.parseInt(s) : 0;
    }
}

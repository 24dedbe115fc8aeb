# One-off writer of the sample model catalogues (kept so the data can be regenerated and read as a recipe).
# Pictures point at the offline image route with an exact hex paint: /api/images/vehicle/{body}/hex-rrggbb/{angle}.webp
import json, sys

def pic(body, hexcode, angle, w=960):
    return f"/api/images/vehicle/{body}/hex-{hexcode[1:].lower()}/{angle}.webp?w={w}&q=75"

BENEFITS = ["7-year unlimited kilometre warranty", "7-year capped price servicing", "Up to 7 years roadside assistance: one free year, renewed for 12 months at each scheduled service"]
ADAS = ["Autonomous emergency braking", "Adaptive cruise control with stop and go", "Lane keep assist", "Blind spot monitoring", "Rear cross traffic alert", "540-degree camera"]

def model(mid, slug, name, make, body, desc, specs, variants, colours, status="available", brochure=True, benefits=BENEFITS, adas=ADAS):
    first = colours[0]["hexCode"]
    out = {
        "id": mid, "slug": slug, "name": name, "full_name": f"{make} {name}", "make": make, "status": status,
        "short_description": desc,
        "image": {"url": pic(body, first, "front-34", 640), "alt": f"{make} {name}"},
        "images": [{"url": pic(body, first, a), "alt": f"{make} {name}, {label}"} for a, label in [("front-34", "front three-quarter view"), ("side", "side view"), ("rear-34", "rear three-quarter view"), ("interior", "interior"), ("dash", "dashboard")]],
        "model_specifications": specs,
        "benefits": benefits, "driver_assistance": adas,
        "variants": [],
        "colours": [],
    }
    if brochure:
        out["brochure_url"] = f"/brochures/{slug}.pdf"
    cid = mid * 100
    for i, (vname, series, price, feats) in enumerate(variants):
        v = {"id": mid * 10 + i + 1, "name": vname, "full_name": f"{make} {name} {vname}", "series": series, "image": {"url": pic(body, first, "front-34", 640), "alt": f"{make} {name} {vname}"}, "features": feats}
        if price is not None:
            v["driveaway_price"] = price
        out["variants"].append(v)
    for c in colours:
        cid += 1
        rec = {"id": cid, "name": c["name"], "hexCode": c["hexCode"]}
        if c.get("photo", True):
            rec["photo_url"] = pic(body, c["hexCode"], "front-34")
        for k in ("oem_id", "model_variant_name"):
            if k in c:
                rec[k] = c[k]
        out["colours"].append(rec)
    return out

CHERY_COLOURS = [("Tungsten Grey", "#5b5f63"), ("Nebula Green", "#4f6f52"), ("Hemisphere Blue", "#2f5d8c"), ("Bold Red", "#b3202a"), ("Arctic White", "#f2f2ef"), ("Midnight Black", "#151719")]

def cols(names, **extra):
    return [dict(name=n, hexCode=h, **extra) for n, h in names]

chery = [
    model(1, "omoda-5", "Omoda 5", "Chery", "suv", "A sharp small SUV with a 1.5-litre turbo, 10.25-inch screens and a 5-star ANCAP rating.",
          [{"category": "Engine", "value": "1.5L turbo petrol"}, {"category": "Power", "value": "115 kW"}, {"category": "Torque", "value": None}, {"category": "Transmission", "value": "9-speed CVT"}, {"category": "ANCAP", "value": "5 stars"}],
          [("BX", "T19C", 30990, ["10.25-inch touchscreen", "Wireless Apple CarPlay and Android Auto", "18-inch alloy wheels"]),
           ("EV", "T19C", 40990, ["61 kWh battery", "Up to 430 km range (WLTP)", "Vehicle-to-load"])],
          cols(CHERY_COLOURS[:4], model_variant_name="BX") + [dict(name="Arctic White", hexCode="#f2f2ef", model_variant_name="BX", photo=False)]
          + cols(CHERY_COLOURS[2:5], model_variant_name="EV") + [dict(name="Midnight Black", hexCode="#151719", model_variant_name="EV", photo=False)]),
    model(2, "omoda-5-fx", "Omoda 5 FX", "Chery", "suv", "The Omoda 5 with the FX look: gloss black trim, two-tone paint and 18-inch alloys.",
          [{"category": "Engine", "value": "1.6L turbo petrol"}, {"category": "Power", "value": "137 kW"}, {"category": "Torque", "value": "275 Nm"}, {"category": "Transmission", "value": "7-speed DCT"}],
          [("FX", "T19C", 35990, ["Two-tone paint", "Panoramic sunroof", "Heated front seats"]), ("FX Launch Edition", "T19C", 37990, ["Red brake callipers", "Sound system by Sony"])],
          cols(CHERY_COLOURS[:5])),
    model(3, "tiggo-4-pro", "Tiggo 4 Pro", "Chery", "suv", "A roomy light SUV with a 1.5-litre engine, a 10.25-inch screen and seven years of warranty.",
          [{"category": "Engine", "value": "1.5L petrol"}, {"category": "Power", "value": None}, {"category": "Boot", "value": "340 L"}, {"category": "Fuel economy", "value": "6.9 L/100 km"}, {"category": "ANCAP", "value": "5 stars"}],
          [("Urban", "T1E", 26990, ["10.25-inch touchscreen", "Reversing camera"]), ("Ultimate", "T1E", 29990, ["Leather-appointed seats", "Wireless charging"]), ("Ultimate Sport", "T1E", 31490, ["Sport body kit", "Red accents"])],
          cols(CHERY_COLOURS)),
    model(4, "tiggo-7-pro", "Tiggo 7 Pro", "Chery", "suv", "A mid-size SUV with a 1.6-litre turbo, dual 12.3-inch screens and a 540-degree camera.",
          [{"category": "Engine", "value": "1.6L turbo petrol"}, {"category": "Power", "value": "145 kW"}, {"category": "Torque", "value": "290 Nm"}, {"category": "Transmission", "value": "7-speed DCT"}],
          [("Urban", "T1D", 39990, ["Dual 12.3-inch screens", "Wireless Apple CarPlay"]), ("Ultimate", "T1D", 41990, ["Panoramic sunroof", "Powered tailgate"]), ("Ultimate PHEV", "T1D", 45990, ["Plug-in hybrid, 90 km electric range", "Vehicle-to-load"])],
          cols(CHERY_COLOURS)),
    model(5, "tiggo-9", "Tiggo 9", "Chery", "suv", "Chery's seven-seat flagship SUV is coming to Australia. Register your interest to hear first.",
          [{"category": "Seats", "value": "7"}, {"category": "Engine", "value": "2.0L turbo petrol"}, {"category": "Power", "value": None}, {"category": "Drive", "value": "AWD"}],
          [("Ultimate", "T28", None, ["Seven seats", "Dual 15.6-inch screens"])],
          cols(CHERY_COLOURS[:3]), status="coming_soon", brochure=False),
]

HILUX_GROUPS = ["Single Cab", "Extra Cab", "Double Cab"]
HILUX_PAINTS = [("Glacier White", "#f3f4f1"), ("Silver Sky", "#b9bec4"), ("Graphite", "#4a4d52"), ("Eclipse Black", "#16181b"), ("Nebula Blue", "#1f3f73"), ("Crimson Spark", "#9e1b24")]
hilux = model(11, "hilux", "HiLux", "Toyota", "ute", "Australia's best-selling ute, as a single cab, extra cab or double cab, in workhorse to off-road trims.",
              [{"category": "Engine", "value": "2.8L turbo diesel"}, {"category": "Power", "value": "150 kW"}, {"category": "Torque", "value": "500 Nm"}, {"category": "Towing", "value": "3500 kg"}],
              [("Workmate", "AN120", 38990, ["Vinyl floor", "8-inch touchscreen"]), ("SR", "AN120", 49990, ["Part-time 4WD", "Rear differential lock"]), ("SR5", "AN120", 62990, ["Leather-accented seats", "18-inch alloy wheels"])],
              [dict(name=f"{n} ({g})", hexCode=h, oem_id=g) for g in HILUX_GROUPS for n, h in HILUX_PAINTS],
              benefits=["5-year unlimited kilometre warranty", "Capped price servicing for 5 years"], adas=["Pre-collision safety system", "Lane departure alert", "Road sign assist"])

def write(file, models):
    path = f"manifests/{file}.json"
    m = json.load(open(path))
    out = {}
    for k, v in m.items():
        if k == "models":
            continue
        out[k] = v
        if k == "menus":
            out["models"] = models
    if "models" not in out:
        out["models"] = models
    json.dump(out, open(path, "w"), indent=2, ensure_ascii=False)
    open(path, "a").write("\n")

write("sunshine-chery", chery)
write("harbour-motor-group", [hilux])

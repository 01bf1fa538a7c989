import { Popup, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { pinSetKey } from '../bounds.ts';
import type { EngineProps, LatLng, MapPin, PinId } from '../types.ts';
import styles from '../spot-map.module.css';
import { createMap, fittedView, prefersReducedMotion, zoomLimits } from './create-map.ts';
import { wireMapEvents } from './map-events.ts';
import { readPinColors } from './pin-images.ts';
import { installPinLayers, pinsToGeoJson, setPinData, setSelectedPin } from './pin-layers.ts';
import { PinPopup } from '../PinPopup.tsx';

export default function MapLibreEngine(
  props: EngineProps & {
    styleUrl: string;
    /** HTML credit beside the style's own */ credit?: string;
  },
) {
  const { pins, center, selectedId, styleUrl, colorScheme, ariaLabel } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const popupRef = useRef<Popup | null>(null);
  const [popupPin, setPopupPin] = useState<MapPin | null>(null);
  const popupNode = useMemo(() => document.createElement('div'), []);
  const data = useMemo(() => pinsToGeoJson(pins), [pins]);
  const fittedKey = useRef(pinSetKey(pins));

  const install = useEffectEvent(() => {
    const map = mapRef.current;
    if (map && containerRef.current)
      installPinLayers(map, data, readPinColors(containerRef.current), selectedId);
  });
  const openPopup = useEffectEvent((id: PinId, at: LatLng) => {
    const pin = pins.find((p) => p.id === id);
    const map = mapRef.current;
    if (!pin || !map) return;
    popupRef.current?.remove();
    const popup = new Popup({
      offset: [0, -34],
      maxWidth: '260px',
      focusAfterOpen: true,
    })
      .setLngLat([at.lng, at.lat])
      .setDOMContent(popupNode)
      .addTo(map);
    popup.on('close', () => setPopupPin((current) => (current === pin ? null : current)));
    popupRef.current = popup;
    setPopupPin(pin);
  });
  const handlers = useEffectEvent(() => ({
    onStateChange: props.onStateChange,
    onViewChange: props.onViewChange,
    onIdleChange: props.onIdleChange,
    onStyleLoad: install,
    onPinClick: openPopup,
    onPickLocation: (point: LatLng) => props.onPickLocation?.(point),
  }));

  // The map lives as long as the component; SpotMap remounts it to change `interactive`.
  // Created once from the first props: later changes go through the effects below.
  const createMapOnMount = useEffectEvent(() => {
    const container = containerRef.current;
    if (!container) return;
    props.onStateChange('loading');
    let map: MapLibreMap;
    try {
      map = createMap({
        container,
        styleUrl,
        pins,
        center,
        interactive: props.interactive,
        ariaLabel,
        credit: props.credit,
      });
    } catch (error) {
      // No WebGL (old device, disabled GPU): the map cannot be shown at all.
      console.warn('Map:', error);
      props.onStateChange('failed');
      return;
    }
    mapRef.current = map;
    wireMapEvents(map, handlers);
    // Escape closes an open popup and gives the focus back to the map.
    const closePopup = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !popupRef.current?.isOpen()) return;
      popupRef.current.remove();
      map.getCanvas().focus();
    };
    container.addEventListener('keydown', closePopup);
    return () => {
      container.removeEventListener('keydown', closePopup);
      popupRef.current?.remove();
      map.remove();
      mapRef.current = null;
    };
  });
  useEffect(() => createMapOnMount(), []);

  // A new style (the dark variant) drops our layers; 'style.load' puts them back.
  const shownStyle = useRef(styleUrl);
  useEffect(() => {
    if (!mapRef.current || shownStyle.current === styleUrl) return;
    shownStyle.current = styleUrl;
    mapRef.current.setStyle(styleUrl, { diff: false });
  }, [styleUrl]);

  // Colours come from the tokens, which change with the colour scheme.
  useEffect(() => {
    if (mapRef.current?.isStyleLoaded()) install();
  }, [colorScheme]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    setPinData(map, data);
    const key = pinSetKey(pins);
    if (key === fittedKey.current || center) return;
    fittedKey.current = key;
    const view = fittedView(map.getContainer(), pins, styleUrl);
    if (view) map.easeTo({ ...view, duration: prefersReducedMotion() ? 0 : 500 });
  }, [data, pins, center, styleUrl]);

  useEffect(() => {
    if (mapRef.current) setSelectedPin(mapRef.current, selectedId);
  }, [selectedId]);

  const easeToCenter = useEffectEvent((lat: number, lng: number) => {
    mapRef.current?.easeTo({
      center: [lng, lat],
      zoom: Math.max(mapRef.current.getZoom(), zoomLimits(styleUrl).center),
      duration: prefersReducedMotion() ? 0 : 500,
    });
  });
  // By value: a new object for the same point is no move.
  const [centerLat, centerLng] = [center?.lat, center?.lng];
  useEffect(() => {
    if (centerLat !== undefined && centerLng !== undefined) easeToCenter(centerLat, centerLng);
  }, [centerLat, centerLng]);

  useEffect(() => {
    mapRef.current?.getCanvas().setAttribute('aria-label', ariaLabel);
  }, [ariaLabel]);

  return (
    <>
      {/* MapLibre makes its container position: relative, so it fills a positioned box. */}
      <div className={styles.canvas}>
        <div ref={containerRef} className={styles.mapContainer} />
      </div>
      {popupPin && createPortal(<PinPopup pin={popupPin} />, popupNode)}
    </>
  );
}

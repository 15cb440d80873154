// Config.Scaled: the same physics on a faster (or slower) clock.

package lab

import (
	"math"
	"reflect"
	"strings"
	"time"
)

// Scaled returns c with its clock run f times as fast when f < 1 (f times as slow when
// f > 1): every duration multiplied by f and every rate divided by f. The physics is
// unchanged: λ·W, the offered load, Erlang B and the counts a run reaches at a moment of
// its scaled clock are those of the original at that moment ÷ f, so a run at f = 0.25
// shows in 2 s what the original shows in 8 s. The fields are found by reflection, so
// fields added later scale too: every Duration (and time.Duration) anywhere in the config,
// lists and maps included, and every float field named Rate or tagged yaml "rate"
// (requests per second; a percentage such as failure_rate is not a rate). What the config
// does not hold does not scale: the loopback's and the timers' own overheads, and the
// engine's fixed windows (the 5-second rate window, the retry budget's 10 s).
func (c Config) Scaled(f float64) Config {
	scale(reflect.ValueOf(&c).Elem(), f)
	return c
}

var (
	durationType    = reflect.TypeFor[Duration]()
	stdDurationType = reflect.TypeFor[time.Duration]()
)

// scale scales v in place; v is settable. Lists and maps are copied first, so the
// original config (which shares them with the copy) is left as it was.
func scale(v reflect.Value, f float64) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			field := v.Type().Field(i)
			if !field.IsExported() {
				continue
			}
			if isRate(field) {
				v.Field(i).SetFloat(v.Field(i).Float() / f)
				continue
			}
			scale(v.Field(i), f)
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		cp := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(cp, v)
		v.Set(cp)
		for i := range v.Len() {
			scale(v.Index(i), f)
		}
	case reflect.Array:
		for i := range v.Len() {
			scale(v.Index(i), f)
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		cp := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(it.Value())
			scale(e, f)
			cp.SetMapIndex(it.Key(), e)
		}
		v.Set(cp)
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		e := reflect.New(v.Type().Elem())
		e.Elem().Set(v.Elem())
		scale(e.Elem(), f)
		v.Set(e)
	case reflect.Int64:
		if v.Type() == durationType || v.Type() == stdDurationType {
			v.SetInt(int64(math.Round(float64(v.Int()) * f)))
		}
	}
}

// isRate says a field is a rate per second: a float named Rate or tagged yaml "rate".
func isRate(field reflect.StructField) bool {
	if k := field.Type.Kind(); k != reflect.Float64 && k != reflect.Float32 {
		return false
	}
	tag, _, _ := strings.Cut(field.Tag.Get("yaml"), ",")
	return field.Name == "Rate" || tag == "rate"
}

module poollab

go 1.26.8

require (
	github.com/HdrHistogram/hdrhistogram-go v1.4.0
	github.com/failsafe-go/failsafe-go v0.9.8
	go.uber.org/goleak v1.3.0
	go.yaml.in/yaml/v3 v3.0.6
)

require (
	github.com/bits-and-blooms/bitset v1.24.6 // indirect
	golang.org/x/sys v0.47.0 // indirect
)

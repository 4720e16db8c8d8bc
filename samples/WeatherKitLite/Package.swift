// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WeatherKitLite",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "WeatherKitLite", targets: ["WeatherCore", "WeatherNetworking"]),
    ],
    targets: [
        // Sources/WeatherCore: the conventional layout.
        .target(name: "WeatherCore"),
        // An explicit path: the module is WeatherNetworking, the folder is Sources/Networking.
        .target(
            name: "WeatherNetworking",
            dependencies: ["WeatherCore"],
            path: "Sources/Networking"
        ),
        .testTarget(name: "WeatherCoreTests", dependencies: ["WeatherCore"]),
    ]
)

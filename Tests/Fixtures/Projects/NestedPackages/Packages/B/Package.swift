// swift-tools-version: 5.9
import PackageDescription

var targets: [Target] = [
    .target(name: "Beta"),
    // An executable whose name is no identifier: module beta_tool.
    .executableTarget(name: "beta-tool", dependencies: ["Beta"]),
]

#if os(Linux)
targets.append(.target(name: "BetaLinux"))
#else
targets.append(.target(name: "BetaApple"))
#endif

let package = Package(name: "B", targets: targets)
